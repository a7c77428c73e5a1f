package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A process tree's CPU read from /proc on real processes: a child's CPU counts once, alive, ended or reaped mid-reading. */
public class CpuReadingIT {

  /**
   * The race a server's reading runs: a backend that ends and is reaped while the tree is read. The hook reaps the
   * child between the reading of the children and that of the parent, every time, not by chance.
   */
  @Test
  void aChildReapedWhileTheTreeIsReadCountsOnceNeitherLostNorTwice() throws Exception {
    // the child burns 0.5 s of CPU and sleeps; the parent kills and reaps it when told to on its stdin
    Process parent = PythonChild.start("a parent that reaps a busy child on demand",
        "import os, sys, time\npid = os.fork()\nif pid == 0:\n    end = time.process_time() + 0.5\n"
            + "    while time.process_time() < end: pass\n    print('busy', flush=True)\n    time.sleep(60)\n    os._exit(0)\n"
            + "print('forked', flush=True)\nsys.stdin.readline()\nos.kill(pid, 9)\nos.waitpid(pid, 0)\n"
            + "print('reaped', flush=True)\ntime.sleep(60)");
    try (BufferedReader out = new BufferedReader(new InputStreamReader(parent.getInputStream()));
        PrintStream in = new PrintStream(parent.getOutputStream(), true)) {
      Set<String> seen = new HashSet<>(List.of(out.readLine(), out.readLine()));
      assertEquals(Set.of("busy", "forked"), seen);
      CpuReading live = CpuReading.tree(parent.pid());
      assertNotNull(live);
      assertTrue(cpu(live) >= 0.45, "the live child's CPU counts: " + cpu(live) + " s");
      AtomicBoolean reaped = new AtomicBoolean();
      CpuReading during = CpuReading.tree(parent.pid(), () -> {
        if (reaped.compareAndSet(false, true)) {
          in.println("reap");
          try {
            assertEquals("reaped", out.readLine());
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      });
      assertTrue(reaped.get(), "the child was reaped during the reading");
      CpuReading after = CpuReading.tree(parent.pid());
      // reaped: the child's CPU is in the parent's cumulative children's time, where every later reading finds it
      assertTrue(cpu(after) >= cpu(live) - 0.02, "a reaped child's CPU still counts: " + cpu(after) + " s of " + cpu(live));
      assertEquals(cpu(after), cpu(during), 0.05,
          "the reading the child was reaped in counts its 0.5 s once (lost: 0.5 s less; twice: 0.5 s more)");
    } finally {
      parent.destroyForcibly();
    }
  }

  private static double cpu(CpuReading c) {
    return c.userS() + c.sysS();
  }
}
