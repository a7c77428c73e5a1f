package dev.dbrace.cli;

import dev.dbrace.db.Datasets;
import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.EmbeddedPostgres;
import dev.dbrace.db.ServerCounters;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The database a race runs on: the embedded default (started here, stopped on close and on
 * exit) or the user's by URL. Holds the runner's own connection for datasets and counters.
 */
final class DatabaseSession implements AutoCloseable {
  private final EmbeddedPostgres embedded;
  private final DbTarget target;
  private final Connection admin;

  private DatabaseSession(EmbeddedPostgres embedded, DbTarget target, Connection admin) {
    this.embedded = embedded;
    this.target = target;
    this.admin = admin;
  }

  /** Opens the session; bad URLs, credentials or an unreachable server become a {@link UserError}. */
  static DatabaseSession open(String url, Path cacheDir, Consumer<String> log) {
    return open(url, cacheDir, log, List.of());
  }

  /** The same, then runs {@code setup} (a scenario's schema and seed files) in order on it. */
  static DatabaseSession open(String url, Path cacheDir, Consumer<String> log, List<Path> setup) {
    EmbeddedPostgres pg = null;
    try {
      DbTarget target;
      if (url == null) {
        log.accept("starting embedded PostgreSQL...");
        pg = EmbeddedPostgres.start(cacheDir, log);
        target = pg.target();
      } else {
        target = DbTarget.parse(url, System.getenv(), pgpass());
      }
      Secrets.register(target.password());
      Connection admin = target.connect();
      Datasets.ensure(admin, log);
      try {
        ScenarioSetup.run(admin, setup, log);
      } catch (UserError e) {
        admin.close();
        throw e;
      }
      return new DatabaseSession(pg, target, admin);
    } catch (IllegalArgumentException | DbException e) {
      closeQuietly(pg);
      throw new UserError(Secrets.redact(e.getMessage()));
    } catch (RuntimeException e) {
      closeQuietly(pg);
      throw e;
    } catch (SQLException e) {
      closeQuietly(pg);
      throw new UserError(Secrets.redact(e.getMessage()));
    }
  }

  private static Path pgpass() {
    String file = System.getenv("PGPASSFILE");
    return file != null ? Path.of(file) : Path.of(System.getProperty("user.home"), ".pgpass");
  }

  DbTarget target() {
    return target;
  }

  Connection admin() {
    return admin;
  }

  /** The server dbrace started, or null for --url. */
  EmbeddedPostgres embeddedServer() {
    return embedded;
  }

  boolean embedded() {
    return embedded != null;
  }

  String serverVersion() {
    return ServerCounters.serverVersion(admin);
  }

  @Override
  public void close() {
    try {
      admin.close();
    } catch (SQLException e) {
      // closing anyway
    }
    closeQuietly(embedded);
  }

  private static void closeQuietly(EmbeddedPostgres pg) {
    if (pg != null) {
      pg.close();
    }
  }
}
