package dev.dbrace.db.postgres;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Stops a postmaster: SIGINT (fast shutdown: running transactions are rolled back, clients cut
 * off) and, if it has not exited in time, SIGKILL to it and its backends. Not SIGTERM, which
 * {@link Process#destroy()} sends: that is "smart" shutdown, which waits for every client to
 * disconnect. Stateless, hence thread-safe.
 */
public final class ServerStopper {

  private ServerStopper() {}

  static void stop(Process postmaster, long graceMillis, Consumer<String> log) {
    if (!postmaster.isAlive()) {
      return;
    }
    // Taken now: once the postmaster is SIGKILLed its backends are reparented and lost from view.
    List<ProcessHandle> backends = postmaster.descendants().toList();
    try {
      signal("INT", postmaster.pid());
      if (postmaster.waitFor(graceMillis, TimeUnit.MILLISECONDS)) {
        return; // a postmaster exits only after all its children have
      }
      log.accept("PostgreSQL (pid " + postmaster.pid() + ") ignored SIGINT for "
          + graceMillis / 1000 + " s; killing it");
      postmaster.destroyForcibly();
      backends.forEach(ProcessHandle::destroyForcibly);
      postmaster.waitFor(5, TimeUnit.SECONDS);
      for (ProcessHandle b : backends) {
        b.onExit().get(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      postmaster.destroyForcibly();
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      // timed out waiting for a backend to vanish: nothing more a signal can do
    }
  }

  /** The JDK can only send SIGTERM and SIGKILL; kill(1) sends the others. */
  private static void signal(String name, long pid) throws InterruptedException {
    try {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      kill.waitFor(5, TimeUnit.SECONDS);
    } catch (IOException e) {
      // no kill(1): the SIGKILL fallback after the grace period still stops the server
    }
  }
}
