package dev.dbrace.services.quarkus.orm;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;

/** The contract's fail-fast rule: a database that cannot be reached ends the process in one line, before /health answers. */
public class DatabaseCheck {
  @Inject AgroalDataSource dataSource;

  void onStart(@Observes StartupEvent event) {
    try (Connection c = dataSource.getConnection()) {
      c.createStatement().execute("SELECT 1");
    } catch (SQLException e) {
      System.err.println("quarkus-orm: cannot reach the database: " + e.getMessage());
      Quarkus.asyncExit(3);
    }
  }
}
