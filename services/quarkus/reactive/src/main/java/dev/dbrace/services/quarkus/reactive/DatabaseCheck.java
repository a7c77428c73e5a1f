package dev.dbrace.services.quarkus.reactive;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;

/** The contract's fail-fast rule: a database that cannot be reached ends the process in one line, before /health answers. */
public class DatabaseCheck {
  @Inject Pool pool;

  void onStart(@Observes StartupEvent event) {
    try {
      pool.query("SELECT 1").execute().await().atMost(Duration.ofSeconds(30));
    } catch (RuntimeException e) {
      System.err.println("quarkus-reactive: cannot reach the database: " + e.getMessage());
      Quarkus.asyncExit(3);
    }
  }
}
