package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.console.ConsoleTable;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.WorkerResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The console's note on warm-up operations still in flight through a run's whole measured window (in none of its
 * figures, holding a user and a connection): shown for the runs that had one, with the users that measured.
 */
class HeldOverNoteTest {

  /** {@code run} with its warm-up's operations in flight at the window's end and its effective concurrency. */
  private static RunRecord heldOver(RunRecord run, long atEnd, double oldestMs, Integer users) {
    WorkerResult w = run.result();
    var warm = new WorkerResult.Warmup(w.warmup().ops(), w.warmup().errors(), w.warmup().durationS(), w.warmup().latencyMs(),
        w.warmup().ended(), null, 64L, oldestMs, atEnd);
    return run.withResult(new WorkerResult(w.versions(), w.issued(), w.ops(), w.errors(), w.unfinished(), w.notIssued(),
        w.errorsByKind(), w.errorSamples(), w.statements(), w.totalStatements(), w.durationS(), w.throughputOpsS(),
        w.latencyMs(), w.ttfbMs(), w.serviceLatencyMs(), warm, w.gc(), w.jvm(), w.errorLatencyMs(), w.issueLatenessMs(), users, null));
  }

  private static String print(List<RunRecord> runs) {
    var bytes = new ByteArrayOutputStream();
    ConsoleTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), runs, false);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aRunWithAWarmUpOperationHeldThroughItsWindowIsNamedWithTheUsersThatMeasured() {
    String table = print(List.of(heldOver(VerdictTest.run("jdbc-platform", 1, 1_000, 5, 100), 1, 12_345, 63),
        heldOver(VerdictTest.run("vertx", 1, 2_000, 4, 80), 0, 3, 64)));
    String note = table.lines().filter(l -> l.startsWith("warm-up operations still in flight")).findFirst().orElse("");
    assertTrue(note.contains("jdbc-platform: 1, the oldest 12.3 s old at the switch, measured with 63 of 64 virtual users"),
        table);
    assertFalse(note.contains("vertx"), "a run whose warm-up operations all completed is not named: " + note);
  }

  @Test
  void noNoteWithoutOne() {
    String table = print(List.of(heldOver(VerdictTest.run("vertx", 1, 2_000, 4, 80), 0, 3, 64)));
    assertFalse(table.contains("warm-up operations still in flight"), table);
  }
}
