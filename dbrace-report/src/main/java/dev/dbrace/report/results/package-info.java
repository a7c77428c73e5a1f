/**
 * The race's results as the report reads them: {@code ResultsFolder} (race.json and the files its runs name),
 * {@code LoadPoint} (which runs are comparable with each other) and {@code RunFigures} (figures derived from one run,
 * shared by tables and charts so the two agree).
 */
package dev.dbrace.report.results;
