package dev.dbrace.cli;

/**
 * Samples a worker's /proc every 200 ms on a daemon thread, keeping the peak thread count and
 * peak RSS (VmHWM), which a snapshot at the end could miss if the process is already gone.
 */
final class ProcSampler implements AutoCloseable {
  private final long pid;
  private final Thread thread;
  private volatile int peakThreads;
  private volatile long peakHwmKb;

  ProcSampler(long pid) {
    this.pid = pid;
    this.thread = new Thread(this::loop, "dbrace-proc-" + pid);
    thread.setDaemon(true);
    thread.start();
  }

  /** Reads now, updates the peaks and returns the reading (null if the process is gone). */
  ProcStats sample() {
    ProcStats s = ProcStats.read(pid);
    if (s != null) {
      synchronized (this) {
        peakThreads = Math.max(peakThreads, s.threads());
        peakHwmKb = Math.max(peakHwmKb, s.hwmKb());
      }
    }
    return s;
  }

  int peakThreads() {
    return peakThreads;
  }

  long peakHwmKb() {
    return peakHwmKb;
  }

  private void loop() {
    while (!Thread.currentThread().isInterrupted()) {
      if (sample() == null) {
        return;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
