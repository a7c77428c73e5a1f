package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.result.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records this JVM with dbrace's own settings while threads sleep, park, wait and fight for a
 * monitor for known times, and checks that the summary finds those times. Lower bounds are tight
 * (a 600 ms sleep cannot take less); upper bounds allow for a loaded machine, and for the test
 * JVM's other threads, which may park or wait too.
 */
public class JfrThreadStatesTest {
  private static final long MS = 1_000_000L;

  @TempDir
  static Path dir;

  private static Path recording;
  private static Instant from;
  private static Instant to;

  /** One recording for the state tests: each thread does one thing for a known time. */
  @BeforeAll
  static void recordKnownThreads() throws Exception {
    Configuration dbraceSettings = Configuration.create(JfrOptions.extractSettings(dir));
    try (Recording r = new Recording(dbraceSettings)) {
      r.start();
      from = Instant.now();
      Object monitor = new Object();
      Object waitedOn = new Object();
      CountDownLatch holding = new CountDownLatch(1);
      List<Thread> threads = new ArrayList<>();
      threads.add(Thread.ofPlatform().name("sleeper").start(() -> sleep(600)));
      threads.add(Thread.ofVirtual().name("virtual-sleeper").start(() -> sleep(400)));
      threads.add(Thread.ofPlatform().name("parker").start(() -> parkFully(600 * MS)));
      threads.add(Thread.ofPlatform().name("waiter").start(() -> waitFully(waitedOn, 600)));
      threads.add(Thread.ofPlatform().name("holder").start(() -> {
        synchronized (monitor) {
          holding.countDown();
          spin(600 * MS); // runs Java code while holding: execution samples, and a blocked contender
        }
      }));
      holding.await();
      threads.add(Thread.ofPlatform().name("contender").start(() -> {
        synchronized (monitor) {
          monitor.notifyAll();
        }
      }));
      for (Thread t : threads) {
        t.join();
      }
      to = Instant.now();
      r.stop();
      recording = dir.resolve("known.jfr");
      r.dump(recording);
    }
  }

  @Test
  void eachStateHoldsTheTimeItsThreadsSpentInIt() {
    RunRecord.ThreadStates s = JfrThreadStates.summarize(recording, from, to);
    double window = Duration.between(from, to).toNanos() / 1e9;
    String all = s.toString();
    assertBetween(0.99, 1.0 + 0.3, s.sleepingS(), "600 ms platform + 400 ms virtual sleep: " + all);
    assertBetween(0.59, 0.6 + 0.3 + 4 * window, s.parkedS(), "600 ms park, and other threads of this JVM: " + all);
    assertBetween(0.59, 0.6 + 0.3 + 4 * window, s.waitingS(), "600 ms Object.wait: " + all);
    assertBetween(0.4, window, s.blockedS(), "contender blocked while the holder spins 600 ms: " + all);
    // a loaded machine delays the sampler thread too: the lower bound is a quarter of the spin
    assertBetween(0.15, 5 * window, s.runningS(), "600 ms of spinning, sampled every 20 ms: " + all);
    assertTrue(s.threads() >= 5, "sleeper, parker, waiter, holder, contender: " + all);
    assertTrue(s.note().contains("running is an estimate"), s.note());
    assertTrue(s.note().contains("park 1 ms"), "the note says which threshold the sums start from: " + s.note());
    assertTrue(s.note().contains("1 virtual thread,"), "the virtual sleeper is mentioned: " + s.note());
  }

  @Test
  void onlyThePartOfAnIntervalInsideTheWindowCounts() {
    // the sleeper slept [~from, ~from + 600 ms]; a window from +200 ms to +400 ms sees 200 ms of it
    // (and 200 ms of the virtual sleeper's 400 ms)
    Instant a = from.plusMillis(200);
    Instant b = from.plusMillis(400);
    RunRecord.ThreadStates s = JfrThreadStates.summarize(recording, a, b);
    assertBetween(0.38, 0.4 + 1e-9, s.sleepingS(), "two sleepers, 200 ms each inside the window: " + s);
  }

  @Test
  void aWindowOutsideTheRecordingHasNoFigures() {
    RunRecord.ThreadStates s = JfrThreadStates.summarize(recording, to.plusSeconds(60), to.plusSeconds(70));
    assertEquals(0, s.threads(), s.toString());
    assertTrue(s.note().startsWith("no thread states: the recording"), s.note());
  }

  @Test
  void aTruncatedFileGivesANoteNotAnException() throws Exception {
    byte[] whole = Files.readAllBytes(recording);
    for (int keep : new int[] {0, 60, 1000, whole.length / 2, whole.length - 10}) {
      Path cut = dir.resolve("cut-" + keep + ".jfr");
      Files.write(cut, Arrays.copyOf(whole, keep));
      RunRecord.ThreadStates s = JfrThreadStates.summarize(cut, from, to);
      assertTrue(s.note().startsWith("no thread states: ") || s.note().contains("incomplete: the file is damaged"),
          "file cut at " + keep + " of " + whole.length + " bytes: " + s);
    }
  }

  @Test
  void aMissingOrForeignFileGivesANoteNotAnException() throws Exception {
    Path text = Files.writeString(dir.resolve("not.jfr"), "this is not a flight recording\n");
    for (Path p : new Path[] {dir.resolve("never-written.jfr"), text, dir}) {
      RunRecord.ThreadStates s = JfrThreadStates.summarize(p, from, to);
      assertEquals(0, s.threads(), s.toString());
      assertTrue(s.note().startsWith("no thread states: "), s.note());
    }
    assertTrue(JfrThreadStates.summarize(recording, null, to).note().contains("never started"));
    assertTrue(JfrThreadStates.summarize(recording, to, from).note().contains("empty"));
  }

  static void assertBetween(double low, double high, double actual, String what) {
    assertTrue(actual >= low && actual <= high, what + " — expected " + low + " .. " + high + ", got " + actual);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Parks for the whole time even if woken early (parks may return spuriously). */
  private static void parkFully(long nanos) {
    long end = System.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = end - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  private static void waitFully(Object lock, long ms) {
    long end = System.nanoTime() + ms * MS;
    synchronized (lock) {
      for (long left = ms * MS; left > 0; left = end - System.nanoTime()) {
        try {
          lock.wait(Math.max(1, left / MS));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private static void spin(long nanos) {
    long end = System.nanoTime() + nanos;
    long x = 0;
    while (System.nanoTime() < end) {
      x += System.identityHashCode(Thread.currentThread()) & 1;
    }
    if (x < 0) {
      throw new AssertionError("never");
    }
  }
}
