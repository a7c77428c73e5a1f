/**
 * The experiment SPI: named deep dives (E3's pgjdbc experiments) run in their own worker JVM,
 * each returning tables, chart series and a finding computed from its own measurements.
 */
package dev.dbrace.core.experiment;
