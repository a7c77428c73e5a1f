package dev.dbrace.runner.probe;

/**
 * Samples a worker's /proc every 200 ms on a daemon thread, keeping the peak thread count and
 * peak RSS of the samples taken inside the measured window ({@link #measuring}): VmHWM is the
 * process's lifetime peak, and an open-loop run's lifetime includes its pre-warm (a closed loop
 * flat out at twice the pool), which mostly set it. With a timeline file it also writes each
 * sample there as CSV (seconds since start, threads, RSS MB, CPU seconds), the report's
 * threads-over-time picture; written as it goes, so a killed run keeps it. Each reading also
 * carries the JIT compiler threads' CPU ({@link dev.dbrace.core.run.ThreadCpu}).
 */
public final class ProcSampler implements AutoCloseable {
  static final String TIMELINE_HEADER = "seconds,threads,rss_mb,cpu_s";
  private final long pid;
  private final Thread thread;
  private final java.io.Writer timeline;
  private final long t0 = System.nanoTime();
  private long lastFlush;
  private volatile int peakThreads;
  private volatile long peakRssKb;
  private volatile boolean measuring;
  private final dev.dbrace.core.run.ThreadCpu jit;
  /** Every thread's last context-switch counts, so threads that end keep counting (guarded by this). */
  private final java.util.Map<Long, long[]> threadSwitches = new java.util.HashMap<>();

  public ProcSampler(long pid) {
    this(pid, null);
  }

  public ProcSampler(long pid, java.nio.file.Path timelineCsv) {
    this.pid = pid;
    this.jit = new dev.dbrace.core.run.ThreadCpu(pid);
    java.io.Writer w = null;
    if (timelineCsv != null) {
      try {
        w = java.nio.file.Files.newBufferedWriter(timelineCsv);
        w.write(TIMELINE_HEADER + "\n");
      } catch (java.io.IOException e) {
        w = null; // the timeline is a picture, not a figure: a run goes on without it
      }
    }
    this.timeline = w;
    this.thread = new Thread(this::loop, "dbrace-proc-" + pid);
    thread.setDaemon(true);
    thread.start();
  }

  /** Reads now, updates the peaks when inside the measured window and returns the reading (null if the process is gone). */
  public synchronized ProcStats sample() {
    ProcStats s = ProcStats.read(pid, threadSwitches, jit);
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
    while (!Thread.currentThread().isInterrupted()) {
      ProcStats s = sample();
      if (s == null) {
        return;
      }
      write(s);
      try {
        Thread.sleep(200);
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
      timeline.write(String.format(java.util.Locale.ROOT, "%.2f,%d,%.1f,%.2f%n", (now - t0) / 1e9, s.threads(),
          s.rssKb() / 1024.0, s.userS() + s.sysS()));
      if (now - lastFlush > 1_000_000_000L) {
        timeline.flush();
        lastFlush = now;
      }
    } catch (java.io.IOException e) {
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
      } catch (java.io.IOException | InterruptedException e) {
        // best effort
      }
    }
  }
}
