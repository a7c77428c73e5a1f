package dev.dbrace.runner.probe;

import dev.dbrace.core.result.Tls;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.runner.Secrets;
import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Reads what the server sees of a run's connections' TLS ({@code pg_stat_ssl} for the backends
 * named by the run's application_name), from the start of its measured phase, on a virtual thread
 * and a connection of its own, so neither the runner's loop nor a fault run's clock waits for it.
 * A pooled stack's connections are all there at once; a service that connects per request may have
 * none open at a given instant, so an empty reading is retried for up to {@link #WINDOW_MS}.
 * Thread-safe.
 */
public final class TlsProbe {
  /** How long to look for a first backend of the run. */
  static final long WINDOW_MS = 2_000;
  private static final long PAUSE_MS = 50;

  private final CompletableFuture<Tls> reading;

  private TlsProbe(CompletableFuture<Tls> reading) {
    this.reading = reading;
  }

  /**
   * Starts reading, on {@code open} (a connection made beforehand, taken over and closed here) or, when null, a new
   * one; {@code problem} hears, in one line, why a reading failed.
   */
  public static TlsProbe start(DbTarget target, Connection open, String applicationName,
      Consumer<String> problem) {
    CompletableFuture<Tls> f = new CompletableFuture<>();
    Thread.ofVirtual().name("dbrace-tls-probe").start(() -> {
      try (Connection c = open != null ? open : target.connect()) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WINDOW_MS);
        Tls seen = null;
        while (seen == null && System.nanoTime() < deadline) {
          ServerCounters.Tls t = ServerCounters.tls(c, applicationName);
          seen = Tls.of(t.withTls(), t.without());
          if (seen == null) {
            Thread.sleep(PAUSE_MS);
          }
        }
        f.complete(seen);
      } catch (Exception e) {
        problem.accept("could not read the TLS of the run's connections: " + Secrets.redact(String.valueOf(e.getMessage())));
        f.complete(null);
      }
    });
    return new TlsProbe(f);
  }

  /** The reading: null when the server saw none of the run's connections, or could not be asked. */
  public Tls await() throws InterruptedException {
    try {
      return reading.get(WINDOW_MS + 20_000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      return null;
    }
  }
}
