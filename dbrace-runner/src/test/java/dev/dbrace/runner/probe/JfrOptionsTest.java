package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.UserError;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's JVM arguments and settings file (a real child JVM started with them: JfrChildJvmIT). */
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
}
