package dev.dbrace.report.chart;

import java.util.List;

/** The charts of one section of a page and remarks to print under them. Immutable. */
public record ChartSection(List<ChartSpec> charts, List<String> notes) {

  /** Null when there is neither a chart nor a note: the template leaves the section out. */
  public static ChartSection of(List<ChartSpec> charts, List<String> notes) {
    return charts.isEmpty() && notes.isEmpty() ? null : new ChartSection(charts, notes);
  }

  public boolean hasNotes() {
    return !notes.isEmpty();
  }
}
