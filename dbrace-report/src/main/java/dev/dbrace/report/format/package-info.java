/**
 * {@code Format}: figures and times as people read them, in the report and in the console's compare table, and a
 * password in a URL masked.
 */
package dev.dbrace.report.format;
