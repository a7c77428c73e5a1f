package dev.dbrace.core.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Reads the runner's commands from stdin on a daemon thread: {@code measure} (a held run's go: start measuring),
 * {@code stop} (stop issuing, finish and report), {@code exit} (results were read; end). End of input means the runner is gone:
 * the worker halts at once rather than run on as an orphan.
 */
final class ControlChannel {
  private final CountDownLatch exit = new CountDownLatch(1);
  private final CountDownLatch measure = new CountDownLatch(1);
  private volatile Runnable onStop = () -> {};
  private volatile boolean stopRequested;

  ControlChannel(BufferedReader in) {
    Thread t = new Thread(() -> read(in), "dbrace-control");
    t.setDaemon(true);
    t.start();
  }

  /** Installs the stop action; runs it at once if the runner asked to stop before it existed. */
  synchronized void onStop(Runnable action) {
    onStop = action;
    if (stopRequested) {
      action.run();
    }
  }

  /** Whether the runner asked to stop. */
  boolean stopRequested() {
    return stopRequested;
  }

  private synchronized void stop() {
    stopRequested = true;
    onStop.run();
  }

  /** Waits for the runner's {@code measure} (a held run's go) or its {@code stop}, whichever comes first. */
  void awaitMeasureOrStop() throws InterruptedException {
    while (!measure.await(100, TimeUnit.MILLISECONDS)) {
      if (stopRequested) {
        return;
      }
    }
  }

  /** Waits for the runner's exit line; false on timeout. */
  boolean awaitExit(long millis) throws InterruptedException {
    return exit.await(millis, TimeUnit.MILLISECONDS);
  }

  private void read(BufferedReader in) {
    try {
      String line;
      while ((line = in.readLine()) != null) {
        switch (line.trim()) {
          case "measure" -> measure.countDown();
          case "stop" -> stop();
          case "exit" -> exit.countDown();
          default -> System.err.println("dbrace worker: ignoring unknown command " + line);
        }
      }
    } catch (IOException e) {
      // treated like end of input below
    }
    if (exit.getCount() > 0) {
      System.err.println("dbrace worker: runner closed stdin, exiting");
      Runtime.getRuntime().halt(4);
    }
  }
}
