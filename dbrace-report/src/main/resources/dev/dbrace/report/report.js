/* dbrace report: draws the charts described in the page's JSON blob with Chart.js. Each chart
   spec (built by dev.dbrace.report.ChartSpec) names its canvas, axes and series; this script only
   translates it. When done it sets document.body.dataset.chartsRendered to the number drawn. */
(function () {
  'use strict';
  var blob = JSON.parse(document.getElementById('report-data').textContent);
  var NINES = [2, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

  Chart.defaults.animation = false;
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.color = '#3c4043';
  Chart.defaults.plugins.legend.position = 'bottom';
  Chart.defaults.plugins.legend.labels.boxWidth = 14;
  Chart.defaults.plugins.legend.labels.boxHeight = 10;

  function percentileLabel(x) {
    return (Math.round((100 - 100 / x) * 1e4) / 1e4) + '%';
  }

  function number(v) {
    return typeof v === 'number' ? v.toLocaleString('en-US', { maximumSignificantDigits: 4 }) : v;
  }

  // log axes: label 1, 2 and 5 of each decade, no other lines, so labels never crowd
  function logTick(value) {
    var mantissa = value / Math.pow(10, Math.floor(Math.log10(value) + 1e-9));
    return [1, 2, 5].some(function (m) { return Math.abs(mantissa - m) < 1e-6; }) ? number(value) : null;
  }

  // the nearest 1, 2 or 5 times a power of ten below (Math.floor) or above (Math.ceil) v
  function niceLog(v, round) {
    var steps = [1, 2, 5, 10];
    var decade = Math.pow(10, Math.floor(Math.log10(v)));
    var m = v / decade;
    var pick = round === Math.floor
      ? steps.filter(function (x) { return x <= m + 1e-9; }).pop()
      : steps.filter(function (x) { return x >= m - 1e-9; })[0];
    return pick * decade;
  }

  // a legend swatch that is a short line, dashed like its series
  function lineIcon(color, dashed) {
    var c = document.createElement('canvas');
    c.width = 30;
    c.height = 10;
    var g = c.getContext('2d');
    g.strokeStyle = color;
    g.lineWidth = 2.5;
    if (dashed) {
      g.setLineDash([6, 4]);
    }
    g.beginPath();
    g.moveTo(1, 5);
    g.lineTo(29, 5);
    g.stroke();
    return c;
  }

  function scale(axis, stacked) {
    var s = {
      title: { display: !!axis.title, text: axis.title || '' },
      stacked: stacked,
      grid: { color: '#ebedf0' }
    };
    if (axis.scale === 'log') {
      s.type = 'logarithmic';
      s.ticks = { callback: logTick, autoSkip: false };
      s.afterDataLimits = function (a) { // end on labelled values, so no point sits on an unlabelled edge
        if (a.min > 0) { a.min = niceLog(a.min, Math.floor); }
        if (a.max > 0) { a.max = niceLog(a.max, Math.ceil); }
      };
    } else if (axis.scale === 'percentile') {
      s.type = 'logarithmic';
      s.min = 1;
      s.afterBuildTicks = function (a) {
        a.ticks = NINES.filter(function (v) { return v >= a.min && v <= a.max * 1.0001; })
          .map(function (v) { return { value: v }; });
      };
      s.ticks = { callback: percentileLabel, autoSkip: false, maxRotation: 0 };
    } else if (axis.scale === 'category') {
      s.type = 'category';
      s.grid = { display: false };
    } else {
      s.type = 'linear';
      s.beginAtZero = true;
      s.ticks = { callback: number };
    }
    return s;
  }

  function dataset(spec, series) {
    var line = spec.type === 'line';
    var color = series.colors || series.color;
    var d = {
      label: series.label,
      data: series.data,
      borderColor: color,
      backgroundColor: color,
      borderWidth: line ? 2 : 0,
      borderDash: series.dashed ? [6, 4] : [],
      pointRadius: line ? (series.data.length > 40 ? 0 : 3) : undefined,
      pointHoverRadius: line ? 4 : undefined,
      tension: 0
    };
    if (spec.stacked && series.stack) {
      d.stack = series.stack;
    }
    if (series.fill) { // a shaded window: pale, no outline, no points
      d.fill = 'origin';
      d.backgroundColor = color + '33';
      d.borderWidth = 0;
      d.pointRadius = 0;
    }
    return d;
  }

  function legendLabels(spec) {
    return function (chart) {
      var items = Chart.defaults.plugins.legend.labels.generateLabels(chart);
      items.forEach(function (item) {
        var s = spec.series[item.datasetIndex];
        if (s && spec.type === 'line') {
          item.pointStyle = lineIcon(s.color, s.dashed);
        } else if (s && s.colors && s.color) { // bars coloured per stack: the legend shows the series' own colour
          item.fillStyle = s.color;
          item.strokeStyle = s.color;
        }
      });
      return items;
    };
  }

  function config(spec) {
    var line = spec.type === 'line';
    var percentiles = spec.x.scale === 'percentile';
    var tooltip = {};
    if (percentiles) {
      tooltip.callbacks = {
        title: function () { return ''; },
        label: function (ctx) {
          return ctx.dataset.label + ': ' + number(ctx.parsed.y) + ' ms at ' + percentileLabel(ctx.parsed.x);
        }
      };
    }
    var oneColouredSeries = spec.series.length === 1 && spec.series[0].colors;
    return {
      type: spec.type,
      data: { labels: spec.labels || undefined, datasets: spec.series.map(function (s) { return dataset(spec, s); }) },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        indexAxis: spec.horizontal ? 'y' : 'x',
        interaction: line ? { mode: 'nearest', intersect: false } : { mode: 'index', intersect: false },
        scales: { x: scale(spec.x, spec.stacked), y: scale(spec.y, spec.stacked) },
        plugins: {
          legend: {
            display: !oneColouredSeries,
            labels: { generateLabels: legendLabels(spec), usePointStyle: line, pointStyleWidth: 30 }
          },
          tooltip: tooltip
        }
      }
    };
  }

  var rendered = 0;
  blob.charts.forEach(function (spec) {
    try {
      var canvas = document.getElementById('chart-' + spec.id);
      if (!canvas || canvas.tagName !== 'CANVAS') {
        throw new Error('no canvas for chart ' + spec.id);
      }
      var chart = new Chart(canvas, config(spec));
      // Chart.js only logs when it cannot draw; count a chart once it has laid out a plot area
      if (!chart.chartArea || chart.chartArea.width <= 0 || chart.chartArea.height <= 0) {
        throw new Error('chart ' + spec.id + ' has no plot area');
      }
      rendered++;
    } catch (e) {
      window.dbraceReportError('chart ' + spec.id + ': ' + (e && e.message ? e.message : e));
    }
  });
  document.body.dataset.chartsRendered = String(rendered);
})();
