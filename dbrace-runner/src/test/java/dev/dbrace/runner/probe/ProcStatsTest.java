package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Context switches of threads that end during a run still count (lost, they would make the difference
 * negative); page faults are the kernel's own counts of the process.
 */
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

  /** Touching fresh memory faults pages in: the minor fault count (minflt) grows, and it matches /proc read here. */
  @Test
  void pageFaultsAreReadFromProcStat() throws Exception {
    long pid = ProcessHandle.current().pid();
    ProcStats before = ProcStats.read(pid, new HashMap<>());
    assertNotNull(before);
    assertTrue(before.minorFaults() > 0, "a JVM has faulted pages in by now: " + before);
    assertTrue(before.majorFaults() >= 0, before.toString());
    ByteBuffer fresh = ByteBuffer.allocateDirect(32 << 20); // zeroed: every page touched
    for (int i = 0; i < fresh.capacity(); i += 4096) {
      fresh.put(i, (byte) 1);
    }
    ProcStats after = ProcStats.read(pid, new HashMap<>());
    assertTrue(after.minorFaults() > before.minorFaults(), "32 MB of fresh pages faulted in: " + before + " -> " + after);
    // the same field read independently: /proc/PID/stat's 10th field (minflt) is at least the reading's
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    long minflt = Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[10 - 3]);
    assertTrue(minflt >= after.minorFaults() && minflt - after.minorFaults() < 100_000, minflt + " vs " + after);
    assertTrue(after.atNanos() > before.atNanos(), "each reading has its time");
    assertTrue(fresh.get(4096) == 1);
  }
}
