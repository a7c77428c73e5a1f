package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/**
 * Peaks come from the measured window: a process that allocated a lot before it (an open-loop
 * run's pre-warm) and gave it back must not report that as the measured phase's peak.
 */
public class ProcSamplerIT {

  @Test
  void peakRssIsTheMeasuredWindowsNotTheProcesssLifetimePeak() throws Exception {
    // 300 MB touched, then freed (CPython gives large blocks back to the OS), then idle
    Process child = PythonChild.start("a child that frees memory at once",
        "import sys, time\nb = bytearray(300 * 1024 * 1024)\nprint('allocated', flush=True)\ndel b\n"
            + "print('freed', flush=True)\ntime.sleep(30)");
    try (var out = new BufferedReader(new InputStreamReader(child.getInputStream()));
        ProcSampler sampler = new ProcSampler(child.pid())) {
      assertTrue(out.readLine().equals("allocated") && out.readLine().equals("freed"));
      Thread.sleep(300);
      ProcStats start = sampler.measuring(true);
      Thread.sleep(500);
      ProcStats end = sampler.measuring(false);
      assertNotNull(start);
      assertNotNull(end);
      assertTrue(end.hwmKb() > 250 * 1024, "the lifetime peak (VmHWM) holds the allocation: " + end.hwmKb() + " KB");
      assertTrue(sampler.peakRssKb() > 0 && sampler.peakRssKb() < 100 * 1024,
          "the measured window's peak does not: " + sampler.peakRssKb() + " KB");
      assertTrue(sampler.peakThreads() >= 1);
    } finally {
      child.destroyForcibly();
    }
  }

  @Test
  void theJitCompilerThreadsCpuIsReadFromOutsideAndIsPartOfTheProcesss() throws Exception {
    long pid = ProcessHandle.current().pid();
    try (ProcSampler sampler = new ProcSampler(pid)) {
      long sum = 0;
      for (int i = 0; i < 2_000_000; i++) {
        sum += Long.toHexString(i * 31L).hashCode(); // something for the compiler to do
      }
      assertTrue(sum != 1);
      ProcStats s = sampler.sample();
      assertTrue(s.jitS() > 0, "compiler threads used CPU: " + s);
      assertTrue(s.jitS() <= s.userS() + s.sysS(), "at most the process's CPU: " + s);
    }
  }

  /**
   * The periodic readings read the process's own files only; every {@link ProcSampler#WALK_EVERY}th walks its threads,
   * so a thread that starts and ends inside the window (a retired pool thread) still counts its context switches.
   */
  @Test
  void aThreadThatStartsAndEndsInsideTheWindowKeepsItsContextSwitches() throws Exception {
    // on a line from the test: a thread that sleeps 1 ms 2,000 times (a voluntary switch each) and ends, some 2.5 s
    Process child = PythonChild.start("a child with a short-lived thread",
        "import sys, threading, time\nprint('ready', flush=True)\nsys.stdin.readline()\n"
            + "def nap():\n    for _ in range(2000): time.sleep(0.001)\n"
            + "t = threading.Thread(target=nap)\nt.start()\nt.join()\nprint('done', flush=True)\ntime.sleep(30)");
    try (var out = new BufferedReader(new InputStreamReader(child.getInputStream()));
        var in = new PrintStream(child.getOutputStream(), true);
        ProcSampler sampler = new ProcSampler(child.pid())) {
      assertTrue(out.readLine().equals("ready"));
      ProcStats start = sampler.measuring(true);
      in.println("go");
      assertTrue(out.readLine().equals("done"));
      ProcStats end = sampler.measuring(false);
      long switches = end.ctxVoluntary() - start.ctxVoluntary();
      assertTrue(switches > 1000, "the ended thread's switches count: " + switches);
    } finally {
      child.destroyForcibly();
    }
  }
}
