/* Collects JavaScript errors into #js-errors, so a reader sees them and a headless check can
   assert there are none. Runs before anything else on the page. */
(function () {
  'use strict';
  var box = document.getElementById('js-errors');
  function report(text) {
    var line = document.createElement('div');
    line.textContent = text;
    box.appendChild(line);
  }
  window.dbraceReportError = report;
  window.onerror = function (message, source, line) {
    report('JS error: ' + message + (line ? ' (line ' + line + ')' : ''));
  };
  window.addEventListener('unhandledrejection', function (e) {
    report('JS error: ' + (e.reason && e.reason.message ? e.reason.message : e.reason));
  });
})();
