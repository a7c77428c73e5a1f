package dev.dbrace.runner;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.db.CpuPin;
import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.firebird.EmbeddedFirebird;
import dev.dbrace.db.firebird.FirebirdDatasets;
import dev.dbrace.db.mariadb.EmbeddedMariaDb;
import dev.dbrace.db.mariadb.MariaDbDatasets;
import dev.dbrace.db.postgres.Datasets;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.runner.scenario.ScenarioSetup;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database a race runs on: the embedded default (started here, stopped on close and on
 * exit) or the user's by URL. Holds the runner's own connection for datasets and counters.
 */
public final class DatabaseSession implements AutoCloseable {
  private final AutoCloseable embedded;
  private final DbTarget target;
  private final Connection admin;
  private final String pinnedCpus;

  private DatabaseSession(AutoCloseable embedded, DbTarget target, Connection admin, String pinnedCpus) {
    this.embedded = embedded;
    this.target = target;
    this.admin = admin;
    this.pinnedCpus = pinnedCpus;
  }

  /** The cores the embedded server is pinned to ({@code --db-cpus}), taskset's list, e.g. "0"; null when not pinned. */
  public String pinnedCpus() {
    return pinnedCpus;
  }

  /**
   * The embedded Firebird's user for the Node {@code firebird} addon (its password fits the addon's
   * 20 bytes), or null: another engine, or the user's --url.
   */
  public DbTarget firebirdAddonTarget() {
    return embedded instanceof EmbeddedFirebird fb ? fb.addonTarget() : null;
  }

  /** A PostgreSQL session (the commands that have no Firebird support yet). */
  public static DatabaseSession open(String url, Path cacheDir, Consumer<String> log) {
    return open(url, Engine.POSTGRESQL, cacheDir, log, List.of());
  }

  /**
   * Opens the session on {@code engine}: the embedded server when {@code url} is null, else the
   * URL, which must be of that engine; then runs {@code setup} (a scenario's schema and seed files)
   * in order on it. Bad URLs, credentials or an unreachable server become a {@link UserError}.
   */
  public static DatabaseSession open(String url, Engine engine, Path cacheDir, Consumer<String> log, List<Path> setup) {
    return open(url, engine, cacheDir, log, setup, null);
  }

  /**
   * {@link #open(String, Engine, Path, Consumer, List)}, then the embedded server pinned to {@code dbCpus}
   * cores (null: not pinned; the caller has refused it with a URL): {@link CpuPin}.
   */
  public static DatabaseSession open(String url, Engine engine, Path cacheDir, Consumer<String> log, List<Path> setup,
      Integer dbCpus) {
    return open(url, engine, cacheDir, log, setup, dbCpus, null);
  }

  /**
   * {@link #open(String, Engine, Path, Consumer, List, Integer)}, the embedded PostgreSQL reachable from {@code reach}
   * (agents on other hosts; null: loopback only).
   */
  public static DatabaseSession open(String url, Engine engine, Path cacheDir, Consumer<String> log, List<Path> setup,
      Integer dbCpus, EmbeddedPostgres.Reach reach) {
    AutoCloseable server = null;
    try {
      DbTarget target;
      if (url == null && engine == Engine.FIREBIRD) {
        log.accept("starting embedded Firebird...");
        EmbeddedFirebird fb = EmbeddedFirebird.start(log);
        server = fb;
        target = fb.target();
        Secrets.register(fb.addonTarget().password());
      } else if (url == null && engine == Engine.MARIADB) {
        log.accept("starting embedded MariaDB...");
        EmbeddedMariaDb maria = EmbeddedMariaDb.start(log);
        server = maria;
        target = maria.target();
      } else if (url == null) {
        log.accept("starting embedded PostgreSQL...");
        EmbeddedPostgres pg = reach == null ? EmbeddedPostgres.start(cacheDir, log)
            : EmbeddedPostgres.startReachable(cacheDir, log, reach);
        server = pg;
        target = pg.target();
      } else {
        target = DbTarget.parse(url, System.getenv(), pgpass());
        if (target.engine() != engine) {
          throw new UserError("this command runs on " + engine.label() + " only, but the --url is a "
              + target.engine().label() + " URL");
        }
      }
      Secrets.register(target.password());
      Connection admin = target.connect();
      switch (engine) {
        case FIREBIRD -> {
          FirebirdDatasets.ensure(admin, log);
          if (server instanceof EmbeddedFirebird) {
            EmbeddedFirebird.grantAddonUser(admin);
          }
        }
        case MARIADB -> MariaDbDatasets.ensure(admin, log);
        case POSTGRESQL -> Datasets.ensure(admin, log);
      }
      try {
        ScenarioSetup.run(admin, setup, log);
      } catch (UserError e) {
        admin.close();
        throw e;
      }
      String pinned = null;
      if (dbCpus != null) {
        long pid = switch (server) {
          case EmbeddedFirebird fb -> fb.pid();
          case EmbeddedMariaDb maria -> maria.pid();
          case EmbeddedPostgres pg -> pg.pid();
          case null, default -> throw new UserError("--db-cpus pins the database server dbrace starts; the --url database is yours");
        };
        pinned = CpuPin.pin(pid, dbCpus);
        log.accept(engine.label() + " server (pid " + pid + ") and its processes pinned to core" + (dbCpus == 1 ? " " : "s ")
            + pinned + " (--db-cpus " + dbCpus + ")");
      }
      return new DatabaseSession(server, target, admin, pinned);
    } catch (IllegalArgumentException | DbException e) {
      closeQuietly(server);
      throw new UserError(Secrets.redact(e.getMessage()));
    } catch (RuntimeException e) {
      closeQuietly(server);
      throw e;
    } catch (SQLException e) {
      closeQuietly(server);
      throw new UserError(Secrets.redact(e.getMessage()));
    }
  }

  Engine engine() {
    return target.engine();
  }

  private static Path pgpass() {
    String file = System.getenv("PGPASSFILE");
    return file != null ? Path.of(file) : Path.of(System.getProperty("user.home"), ".pgpass");
  }

  public DbTarget target() {
    return target;
  }

  Connection admin() {
    return admin;
  }

  /** The PostgreSQL server dbrace started (the restart fault needs it), or null for --url and the other engines. */
  EmbeddedPostgres embeddedServer() {
    return embedded instanceof EmbeddedPostgres pg ? pg : null;
  }

  public boolean embedded() {
    return embedded != null;
  }

  /**
   * e.g. "17.6", for Firebird "3.0.11" (from "LI-V3.0.11.33637 Firebird 3.0"), for MariaDB "10.11.19"
   * (from "10.11.19-MariaDB-0+deb12u1").
   */
  public String serverVersion() {
    String v = ServerCounters.serverVersion(admin);
    if (engine() == Engine.FIREBIRD) {
      Matcher m = Pattern.compile("V(\\d+\\.\\d+\\.\\d+)").matcher(v);
      return m.find() ? m.group(1) : v;
    }
    if (engine() == Engine.MARIADB) {
      int dash = v.indexOf('-');
      return dash < 0 ? v : v.substring(0, dash);
    }
    return v;
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

  private static void closeQuietly(AutoCloseable server) {
    if (server != null) {
      try {
        server.close();
      } catch (Exception e) {
        // both embedded servers close without checked failures
      }
    }
  }
}
