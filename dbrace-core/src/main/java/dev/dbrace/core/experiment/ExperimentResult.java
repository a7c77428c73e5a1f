package dev.dbrace.core.experiment;

import java.util.List;
import java.util.Map;

/**
 * What an experiment measured, as data: tables of the variants, chart series, the plain-language
 * finding (every number in it computed from this run) and named facts the tests and the report
 * can check without parsing prose.
 */
public record ExperimentResult(
    String experiment,
    String title,
    List<Table> tables,
    List<Chart> charts,
    String finding,
    Map<String, Object> facts) {

  public ExperimentResult {
    tables = List.copyOf(tables);
    charts = List.copyOf(charts);
    facts = Map.copyOf(facts);
  }

  /** Rows of cells already formatted for people (numbers rounded, units in the column name). */
  public record Table(String title, List<String> columns, List<List<String>> rows) {
    public Table {
      columns = List.copyOf(columns);
      rows = rows.stream().map(List::copyOf).toList();
    }
  }

  /** Line series over a numeric x axis; {@code logX} / {@code logY} ask for logarithmic axes. */
  public record Chart(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series) {
    public Chart {
      series = List.copyOf(series);
    }
  }

  public record Series(String label, List<Point> points) {
    public Series {
      points = List.copyOf(points);
    }
  }

  public record Point(double x, double y) {}
}
