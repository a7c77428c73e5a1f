/**
 * A page as a whole: {@code ReportPage} (every section of a race's report.html) and {@code ExperimentPage} (an
 * experiment's) gather the views and charts into the model a template reads, and {@code Page} renders a model through
 * its Mustache template under {@code dev/dbrace/report/}, with the inlined assets and the escaped JSON blob.
 */
package dev.dbrace.report.page;
