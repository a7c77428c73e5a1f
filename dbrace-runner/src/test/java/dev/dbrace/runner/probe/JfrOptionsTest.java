package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's JVM arguments and settings file, checked on a real child JVM. */
public class JfrOptionsTest {

  @Test
  void extractedSettingsAreTheOnesTheSummaryExpects(@TempDir Path dir) throws Exception {
    Path jfc = JfrOptions.extractSettings(dir);
    assertEquals(dir.resolve(JfrOptions.SETTINGS_RESOURCE), jfc);
    var settings = Configuration.create(jfc).getSettings();
    for (String event : List.of("jdk.ThreadPark", "jdk.JavaMonitorEnter", "jdk.JavaMonitorWait", "jdk.ThreadSleep",
        "jdk.SocketRead", "jdk.SocketWrite")) {
      assertEquals("true", settings.get(event + "#enabled"), event);
      assertEquals("1 ms", settings.get(event + "#threshold"), event);
    }
    assertEquals("20 ms", settings.get("jdk.ExecutionSample#period"));
    assertEquals("off", settings.get("jdk.SocketRead#throttle"), "a throttle would undercount socket time");
    assertEquals("true", settings.get("jdk.ActiveSetting#enabled"), "the summary reads the period from the file");
  }

  @Test
  void aPathWithACommaIsRefusedNotCut(@TempDir Path dir) {
    UserError e = assertThrows(UserError.class,
        () -> JfrOptions.workerArgs(dir.resolve("a,b.jfr"), dir.resolve("s.jfc")));
    assertTrue(e.getMessage().contains("comma"), e.getMessage());
  }

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
