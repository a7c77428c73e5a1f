package dev.dbrace.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.core.experiment.ExperimentResult.Chart;
import dev.dbrace.core.experiment.ExperimentResult.Point;
import dev.dbrace.core.experiment.ExperimentResult.Series;
import dev.dbrace.core.experiment.ExperimentResult.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExperimentResultMergeTest {
  private static final List<String> COLUMNS = List.of("method", "rows/s");

  private static ExperimentResult main() {
    return new ExperimentResult("inserts", "Insert methods",
        List.of(new Table("Rows per second", COLUMNS, List.of(List.of("JDBC batch", "100")))),
        List.of(new Chart("By batch size", "batch", "rows/s", true, true,
            List.of(new Series("JDBC batch", List.of(new Point(1, 100)))))),
        "JDBC did 100 rows/s.", Map.of("jdbc.rows", 10));
  }

  @Test
  void rowsAndSeriesJoinTheirTableAndChart() {
    ExperimentResult added = new ExperimentResult("inserts", "ignored",
        List.of(new Table("Rows per second", COLUMNS, List.of(List.of("Vert.x batch", "150")))),
        List.of(new Chart("By batch size", "batch", "rows/s", true, true,
            List.of(new Series("Vert.x batch", List.of(new Point(1, 150)))))),
        "Vert.x did 150 rows/s.", Map.of("vertx.rows", 10));
    ExperimentResult m = main().merge(added);
    assertEquals("Insert methods", m.title());
    assertEquals(1, m.tables().size());
    assertEquals(List.of(List.of("JDBC batch", "100"), List.of("Vert.x batch", "150")), m.tables().get(0).rows());
    assertEquals(1, m.charts().size());
    assertEquals(2, m.charts().get(0).series().size());
    assertEquals("JDBC did 100 rows/s. Vert.x did 150 rows/s.", m.finding());
    assertEquals(Map.of("jdbc.rows", 10, "vertx.rows", 10), m.facts());
  }

  @Test
  void anotherShapeIsAppendedNotForcedIn() {
    ExperimentResult added = new ExperimentResult("inserts", "t",
        List.of(new Table("Rows per second", List.of("method", "rows/s", "p99"), List.of(List.of("a", "1", "2")))),
        List.of(new Chart("By batch size", "batch", "rows/s", false, true, List.of())), "", Map.of());
    ExperimentResult m = main().merge(added);
    assertEquals(2, m.tables().size());
    assertEquals(2, m.charts().size());
    assertEquals("JDBC did 100 rows/s.", m.finding());
  }

  @Test
  void aFactNamedTwiceIsABugNotAnOverwrite() {
    ExperimentResult added = new ExperimentResult("inserts", "t", List.of(), List.of(), "x", Map.of("jdbc.rows", 11));
    assertThrows(IllegalStateException.class, () -> main().merge(added));
  }
}
