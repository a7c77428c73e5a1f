package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Context switches of threads that end during a run still count (they made the difference negative before). */
public class ProcStatsTest {

  @Test
  void anEndedThreadKeepsItsContextSwitches() throws Exception {
    long pid = ProcessHandle.current().pid();
    Map<Long, long[]> seen = new HashMap<>();
    ProcStats before = ProcStats.read(pid, seen);
    assertNotNull(before);
    Thread sleeper = new Thread(() -> {
      for (int i = 0; i < 200; i++) {
        try {
          Thread.sleep(1); // each sleep is a voluntary switch
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    sleeper.start();
    Thread.sleep(100);
    ProcStats during = ProcStats.read(pid, seen); // the sleeper is seen here...
    sleeper.join();
    ProcStats after = ProcStats.read(pid, seen); // ...and gone here
    assertTrue(during.ctxVoluntary() - before.ctxVoluntary() >= 20, "the sleeper switched: " + before + " " + during);
    assertTrue(after.ctxVoluntary() >= during.ctxVoluntary(), "never decreasing: " + during + " -> " + after);
    assertTrue(after.ctxInvoluntary() >= during.ctxInvoluntary(), "never decreasing: " + during + " -> " + after);
  }
}
