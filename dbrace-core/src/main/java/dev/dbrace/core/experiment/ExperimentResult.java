package dev.dbrace.core.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

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

  /**
   * This result with a companion part's added: a table with the same title and columns gets the
   * added rows, a chart with the same title and axes gets the added series, anything else is
   * appended; the findings are joined; facts are united, and a fact both parts name is a bug in
   * the companion (it would overwrite a measured figure), so it throws.
   */
  public ExperimentResult merge(ExperimentResult added) {
    List<Table> t = new ArrayList<>(tables);
    for (Table a : added.tables()) {
      int i = indexOf(t, x -> x.title().equals(a.title()) && x.columns().equals(a.columns()));
      if (i < 0) {
        t.add(a);
      } else {
        List<List<String>> rows = new ArrayList<>(t.get(i).rows());
        rows.addAll(a.rows());
        t.set(i, new Table(a.title(), a.columns(), rows));
      }
    }
    List<Chart> c = new ArrayList<>(charts);
    for (Chart a : added.charts()) {
      int i = indexOf(c, x -> x.title().equals(a.title()) && x.xTitle().equals(a.xTitle())
          && x.yTitle().equals(a.yTitle()) && x.logX() == a.logX() && x.logY() == a.logY());
      if (i < 0) {
        c.add(a);
      } else {
        List<Series> s = new ArrayList<>(c.get(i).series());
        s.addAll(a.series());
        Chart old = c.get(i);
        c.set(i, new Chart(old.title(), old.xTitle(), old.yTitle(), old.logX(), old.logY(), s));
      }
    }
    Map<String, Object> f = new LinkedHashMap<>(facts);
    added.facts().forEach((k, v) -> {
      if (f.putIfAbsent(k, v) != null) {
        throw new IllegalStateException("experiment " + experiment + ": two parts report the fact " + k);
      }
    });
    String joined = finding == null || finding.isBlank() ? added.finding()
        : added.finding() == null || added.finding().isBlank() ? finding : finding + " " + added.finding();
    return new ExperimentResult(experiment, title, t, c, joined, f);
  }

  private static <T> int indexOf(List<T> list, Predicate<T> p) {
    for (int i = 0; i < list.size(); i++) {
      if (p.test(list.get(i))) {
        return i;
      }
    }
    return -1;
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
