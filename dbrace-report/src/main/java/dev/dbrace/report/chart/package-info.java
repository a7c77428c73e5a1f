/**
 * Charts as data: {@code ChartSpec} is what the page's script hands to Chart.js, built here from the runs (load
 * curves, latency distributions from the .hlog files, resources, process timelines, thread states); {@code Palette}
 * gives a stack the same colour on every chart and table.
 */
package dev.dbrace.report.chart;
