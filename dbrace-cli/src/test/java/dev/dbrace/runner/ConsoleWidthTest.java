package dev.dbrace.runner;

import static dev.dbrace.runner.VerdictTest.print;
import static dev.dbrace.runner.VerdictTest.run;
import static dev.dbrace.runner.VerdictTest.wide;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import dev.dbrace.core.run.WorkerResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How wide the race's table is: by default the figures compared first, in 120 columns for a race of a few stacks and
 * rounds; with --wide every column. Both from the same recorded runs, so each default cell is checked against --wide's.
 */
class ConsoleWidthTest {
  /** The columns --wide prints for a closed-loop race of several rounds at one load. */
  static final List<String> EVERY = List.of("stack", "status", "rounds", "ops/s", "vs best", "p50 ms", "p99 ms", "p99.9 ms",
      "max ms", "errors", "unfinished", "cpu usr/sys s", "cpu ms/1k ops", "% cpu", "faults min/maj", "rss MB", "ctx vol/invol",
      "threads", "tls", "server cpu ms/1k ops", "server xact", "server stmts/client");

  /** The columns the default table keeps of them. */
  static final List<String> COMPARED_FIRST = List.of("stack", "ops/s", "vs best", "p50 ms", "p99 ms", "errors", "cpu ms/1k ops",
      "rss MB", "threads", "tls");

  /** README's race: four stacks, three rounds each, one of them far off in a round (wide ranges). */
  static List<RunRecord> fourStacksThreeRounds() {
    return VerdictTest.race(List.of(
        VerdictTest.rounds("jdbc-platform", new double[] {54_240, 32_336, 55_031}, new double[] {24.281, 12.132, 25.690},
            new double[] {17.2, 38.7, 16.7}),
        VerdictTest.rounds("jdbc-virtual", new double[] {38_682, 39_160, 42_874}, new double[] {13.148, 7.467, 16.114},
            new double[] {25.7, 23.7, 25.8}),
        VerdictTest.rounds("r2dbc", new double[] {29_404, 29_336, 29_783}, new double[] {5.186, 5.095, 5.546},
            new double[] {34.5, 34.1, 34.5}),
        VerdictTest.rounds("vertx", new double[] {44_256, 41_605, 44_775}, new double[] {3.566, 3.385, 3.910},
            new double[] {20.3, 19.7, 21.7})));
  }

  @Test
  void theDefaultTableOfFourStacksAndThreeRoundsFits120ColumnsAndWideHasEveryColumn() {
    List<RunRecord> runs = fourStacksThreeRounds();
    String wide = wide(runs);
    List<String> every = cells(wide.lines().findFirst().orElseThrow());
    assertEquals(EVERY, every, wide);
    String table = print(runs);
    assertTrue(table.lines().allMatch(l -> l.length() <= 120), "every line within 120 columns:\n" + table);
    for (String stack : List.of("jdbc-platform", "jdbc-virtual", "r2dbc", "vertx")) {
      List<String> all = cells(row(wide, stack));
      List<String> shown = new ArrayList<>();
      for (int i = 0; i < every.size(); i++) {
        if (COMPARED_FIRST.contains(every.get(i))) {
          shown.add(all.get(i));
        }
      }
      assertEquals(shown, cells(row(table, stack)), "the default row is --wide's figures compared first:\n" + table + wide);
    }
    // a name over its unit where the figures under it are narrower than the name and unit side by side
    List<String> head = table.lines().limit(2).toList();
    assertEquals(List.of("vs", "p50", "p99", "cpu", "rss"), cells(head.get(0)), table);
    assertEquals(List.of("stack", "ops/s", "best", "ms", "ms", "errors", "ms/1k ops", "MB", "threads", "tls"), cells(head.get(1)),
        table);
    assertTrue(table.contains("\n" + (EVERY.size() - COMPARED_FIRST.size())
        + " more columns: --wide, or race.json / summary.csv\n"), table);
    assertFalse(wide.contains("more columns"), wide);
  }

  /** The default table has no status column: a stack whose runs were not all ok says how many were what in its cell. */
  @Test
  void aStackWhoseRunsWereNotAllOkCarriesTheirStatusInItsCell() {
    List<RunRecord> runs = List.of(run("jdbc-platform", 1, 10_000, 4, 300), run("vertx", 1, 11_000, 3, 200),
        run("jdbc-platform", 2, 10_200, 5, 320), run("vertx", 2, VerdictTest.CLOSED, "hung", 50, 900, 200, Tls.OFF, "settled"),
        run("jdbc-platform", 3, 10_100, 4, 310), run("vertx", 3, 11_200, 3, 210));
    String table = print(runs);
    assertEquals("vertx (1 hung)", cells(row(table, "vertx")).getFirst(), table);
    assertTrue(row(table, "vertx").contains("11,100 (11,000-11,200)"), "the ok rounds' figures: " + table);
    assertEquals("jdbc-platform", cells(row(table, "jdbc-platform")).getFirst(), "all ok, nothing added: " + table);
    List<String> wide = cells(row(wide(runs), "vertx"));
    assertEquals(List.of("vertx", "2 ok, 1 hung"), wide.subList(0, 2), "--wide has its status column as before");

    String lone = print(List.of(run("jdbc-platform", 1, 9_000, 4, 300),
        run("vertx", 1, VerdictTest.CLOSED, "failed", 50, 900, 200, Tls.OFF, "settled")));
    assertEquals("vertx (failed)", cells(row(lone, "vertx")).getFirst(), lone);
  }

  /** A long stack name and wide ranges make the default table wider than 120 columns: no figure is cut to fit. */
  @Test
  void aLongStackNameWidensTheTableAndCutsNoFigure() {
    String name = "quarkus-reactive-panache-on-a-long-named-pool";
    List<RunRecord> runs = VerdictTest.race(List.of(
        VerdictTest.rounds(name, new double[] {1_204_000, 987_000, 1_312_000}, new double[] {104.5, 98.25, 1_250.5},
            new double[] {1_017.2, 938.7, 1_216.7}),
        VerdictTest.rounds("vertx", new double[] {44_256, 41_605, 44_775}, new double[] {3.566, 3.385, 3.910},
            new double[] {20.3, 19.7, 21.7})));
    String table = print(runs);
    assertTrue(table.lines().anyMatch(l -> l.length() > 120), table);
    List<String> all = cells(row(wide(runs), name));
    assertTrue(cells(row(table, name)).containsAll(List.of(name, all.get(EVERY.indexOf("ops/s")), all.get(EVERY.indexOf("p99 ms")),
        all.get(EVERY.indexOf("cpu ms/1k ops")))), table);
  }

  /** A row's or header's cells: columns are two or more spaces apart, a cell has single spaces at most. */
  static List<String> cells(String line) {
    return List.of(line.trim().split("\\s{2,}"));
  }

  static String row(String table, String stack) {
    return table.lines().filter(l -> l.equals(stack) || l.startsWith(stack + " ")).findFirst().orElseThrow(() ->
        new AssertionError("no row for " + stack + ":\n" + table));
  }

  /** Arrivals an open loop refused count against a stack as errors do: where a run refused any, the default shows them. */
  @Test
  void refusedArrivalsAreInTheDefaultTableWhereAnyWasRefused() {
    LoadModel open = new LoadModel.Open(1_000, 5_000, 64, "constant");
    RunRecord refusing = run("r2dbc", 1, open, "ok", 900, 40, 30, Tls.OFF, "settled");
    var w = refusing.result();
    refusing = refusing.withResult(new WorkerResult(w.versions(), w.issued(), w.ops(), w.errors(),
        w.unfinished(), 512, w.errorsByKind(), w.errorSamples(), w.statements(), w.totalStatements(), w.durationS(),
        w.throughputOpsS(), w.latencyMs(), w.ttfbMs(), w.serviceLatencyMs(), w.warmup(), w.gc(), w.jvm(), w.errorLatencyMs(),
        w.issueLatenessMs(), w.effectiveConcurrency(), null));
    String table = print(List.of(run("vertx", 1, open, "ok", 1_000, 3, 20, Tls.OFF, "settled"), refusing));
    String head = table.lines().limit(2).reduce("", (a, b) -> a + " " + b);
    assertTrue(head.contains("not") && head.contains("issued"), table);
    assertTrue(table.lines().filter(l -> l.startsWith("r2dbc")).findFirst().orElseThrow().contains("512"), table);
    assertFalse(print(List.of(run("vertx", 1, 1_000, 3, 20))).contains("issued"), "a closed loop refuses nothing: no column");
  }
}
