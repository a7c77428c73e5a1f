package dev.dbrace.runner.probe;

import dev.dbrace.core.run.ThreadCpu;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Samples a worker's /proc every 200 ms on a daemon thread, keeping the peak thread count and
 * peak RSS of the samples taken inside the measured window ({@link #measuring}): VmHWM is the
 * process's lifetime peak, and an open-loop run's lifetime includes its pre-warm (a closed loop
 * flat out at twice the pool), which mostly set it. With a timeline file it also writes each
 * sample there as CSV (seconds since start, threads, RSS MB, CPU seconds), the report's
 * threads-over-time picture; written as it goes, so a killed run keeps it.
 *
 * <p>The sampler runs in the runner's JVM beside the worker and takes CPU neither gets, so its
 * periodic readings are the process's own files only ({@link ProcStats#readProcess}); the walk over the
 * worker's threads (a file per thread, over 200 of them in a thread-per-request stack: at every reading
 * it would be most of the runner's CPU while measuring, docs/decisions.md) is done every
 * {@link #WALK_EVERY}th, to keep the context switches of threads that end between the window's ends, and the
 * JIT compiler threads' CPU ({@link dev.dbrace.core.run.ThreadCpu}) is read only at those ends and by
 * {@link #sample}.
 */
public final class ProcSampler implements AutoCloseable {
  static final String TIMELINE_HEADER = "seconds,threads,rss_mb,cpu_s";
  static final long PERIOD_MS = 200;
  /** Every how many periodic readings the worker's threads are walked for their context switches (1 s). */
  static final int WALK_EVERY = 5;
  private final long pid;
  private final Thread thread;
  private final Writer timeline;
  private final long t0 = System.nanoTime();
  private long lastFlush;
  private volatile int peakThreads;
  private volatile long peakRssKb;
  private volatile boolean measuring;
  private final ThreadCpu jit;
  /** Every thread's last context-switch counts, so threads that end keep counting (guarded by this). */
  private final Map<Long, long[]> threadSwitches = new HashMap<>();

  public ProcSampler(long pid) {
    this(pid, null);
  }

  public ProcSampler(long pid, Path timelineCsv) {
    this.pid = pid;
    this.jit = new ThreadCpu(pid);
    Writer w = null;
    if (timelineCsv != null) {
      try {
        w = Files.newBufferedWriter(timelineCsv);
        w.write(TIMELINE_HEADER + "\n");
      } catch (IOException e) {
        w = null; // the timeline is a picture, not a figure: a run goes on without it
      }
    }
    this.timeline = w;
    this.thread = new Thread(this::loop, "dbrace-proc-" + pid);
    thread.setDaemon(true);
    thread.start();
  }

  /** Reads now, in full, updates the peaks when inside the measured window and returns the reading (null if the process is gone). */
  public synchronized ProcStats sample() {
    return peaks(ProcStats.read(pid, threadSwitches, jit));
  }

  private synchronized ProcStats periodic(boolean walk) {
    return peaks(walk ? ProcStats.read(pid, threadSwitches) : ProcStats.readProcess(pid, threadSwitches));
  }

  private ProcStats peaks(ProcStats s) {
    if (s != null && measuring) {
      peakThreads = Math.max(peakThreads, s.threads());
      peakRssKb = Math.max(peakRssKb, s.rssKb());
    }
    return s;
  }

  /**
   * Opens ({@code true}) or closes the measured window, each time with a reading of its own, which
   * it returns: the peaks are those of the readings inside the window, its two ends included.
   */
  public synchronized ProcStats measuring(boolean on) {
    if (on) {
      measuring = true;
      return sample();
    }
    ProcStats s = sample();
    measuring = false;
    return s;
  }

  /** Peak threads in the measured window; 0 when it never opened. */
  public int peakThreads() {
    return peakThreads;
  }

  /** Peak resident memory (VmRSS) in the measured window, in KB; 0 when it never opened. */
  public long peakRssKb() {
    return peakRssKb;
  }

  private void loop() {
    for (long n = 0; !Thread.currentThread().isInterrupted(); n++) {
      ProcStats s = periodic(n % WALK_EVERY == 0);
      if (s == null) {
        return;
      }
      write(s);
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void write(ProcStats s) {
    if (timeline == null) {
      return;
    }
    long now = System.nanoTime();
    try {
      timeline.write(String.format(Locale.ROOT, "%.2f,%d,%.1f,%.2f%n", (now - t0) / 1e9, s.threads(),
          s.rssKb() / 1024.0, s.userS() + s.sysS()));
      if (now - lastFlush > 1_000_000_000L) {
        timeline.flush();
        lastFlush = now;
      }
    } catch (IOException e) {
      // a full disk loses the picture, not the run
    }
  }

  @Override
  public void close() {
    thread.interrupt();
    if (timeline != null) {
      try {
        thread.join(1000);
        timeline.close();
      } catch (IOException | InterruptedException e) {
        // best effort
      }
    }
  }
}
