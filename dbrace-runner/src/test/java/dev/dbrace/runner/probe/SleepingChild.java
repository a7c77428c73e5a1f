package dev.dbrace.runner.probe;

/** A JVM for JfrChildJvmIT to record: it sleeps for the given milliseconds and exits. */
public final class SleepingChild {
  private SleepingChild() {}

  public static void main(String[] args) throws InterruptedException {
    Thread.sleep(Long.parseLong(args[0]));
  }
}
