/**
 * The report's entry points: {@link dev.dbrace.report.HtmlReport} (report.html for a results folder) and
 * {@link dev.dbrace.report.CompareReport} (compare.html, race b against race a as a
 * {@link dev.dbrace.report.RaceComparison}), {@link dev.dbrace.report.SummaryCsv} (summary.csv) and
 * {@link dev.dbrace.report.ReportInputException}, which {@code ReportFiles}, the one class that reads a folder's
 * files and writes the page, throws for every bad folder. The sub-packages depend one way only,
 * {@code page} → {@code view} → {@code chart} → {@code results} → {@code format}, and none on this package.
 */
package dev.dbrace.report;
