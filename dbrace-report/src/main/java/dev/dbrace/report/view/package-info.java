/**
 * The report's tables and texts, one record per section: the header, the summary table (with {@code OrmCost}'s
 * sentences), time to first item, capacity, errors, faults and spikes. A section the race has no data for is null;
 * texts are raw here, the template escapes them.
 */
package dev.dbrace.report.view;
