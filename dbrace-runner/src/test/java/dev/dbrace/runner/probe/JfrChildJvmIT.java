package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.result.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's JFR arguments on a real child JVM: it writes a recording the summary reads. */
class JfrChildJvmIT {

  /** What a worker does: a JVM without dbrace-cli on its classpath, started with the arguments. */
  @Test
  void aChildJvmStartedWithTheArgumentsWritesAFileTheSummaryReads(@TempDir Path dir) throws Exception {
    Path jfr = dir.resolve("run dir/worker.jfr"); // a space, as in a user's --out
    Files.createDirectories(jfr.getParent());
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    cmd.addAll(JfrOptions.workerArgs(jfr, JfrOptions.extractSettings(dir)));
    cmd.addAll(List.of("-cp", Path.of(SleepingChild.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
        SleepingChild.class.getName(), "700"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    Instant from = Instant.now();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child exits");
    Instant to = Instant.now();
    assertEquals(0, p.exitValue(), () -> read(dir.resolve("child.log")));
    assertTrue(Files.size(jfr) > 0, "written at exit");
    RunRecord.ThreadStates s = JfrThreadStates.summarize(jfr, from, to);
    JfrThreadStatesTest.assertBetween(0.69, 1.2, s.sleepingS(), "the child sleeps 700 ms: " + s);
    assertTrue(s.threads() >= 1, s.toString());
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (Exception e) {
      return "";
    }
  }
}
