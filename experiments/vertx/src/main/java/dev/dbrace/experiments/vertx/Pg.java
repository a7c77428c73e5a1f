package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentSpec;
import dev.dbrace.core.spi.SslMode;
import io.vertx.core.Vertx;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;

/**
 * One Vert.x instance for a companion's run and connections to the target from it. The experiment
 * runs on a plain thread, so it blocks on the client's futures with {@code await()} (allowed off
 * the event loop). DDL and checks go through the simple protocol ({@code query()}), which never
 * creates a named statement, so they cannot disturb the {@code pg_prepared_statements} counts.
 */
final class Pg implements AutoCloseable {
  private final ExperimentContext ctx;
  private final Vertx vertx = Vertx.vertx();

  Pg(ExperimentContext ctx) {
    this.ctx = ctx;
  }

  /** A connection with the client's defaults except its prepared-statement cache, as asked. */
  PgConnection connect(boolean cachePreparedStatements) {
    PgConnectOptions o = new PgConnectOptions()
        .setHost(ctx.target().host())
        .setPort(ctx.target().port())
        .setDatabase(ctx.target().database())
        .setUser(ctx.target().user())
        .setCachePreparedStatements(cachePreparedStatements);
    if (ctx.password() != null) {
      o.setPassword(ctx.password());
    }
    o.addProperty("application_name", ctx.target().applicationName());
    tls(o, ctx.target());
    // the notices our own DDL draws ("schema ... does not exist, skipping") are no news: Vert.x would log each as a warning
    return PgConnection.connect(vertx, o).await().noticeHandler(n -> { });
  }

  /**
   * The race's sslmode, as pgjdbc's part got it, with libpq's meaning: the modes that do not verify
   * trust any certificate, verify-ca checks the chain against sslrootcert, verify-full the host name
   * too. The client has no default root certificate: a verify mode without one fails the part.
   */
  private static void tls(PgConnectOptions o, ExperimentSpec t) {
    SslMode mode = t.sslMode();
    o.setSslMode(io.vertx.pgclient.SslMode.of(mode.libpq()));
    if (mode == SslMode.DISABLE) {
      return;
    }
    if (!mode.verifies()) {
      o.setSslOptions(new ClientSSLOptions().setTrustAll(true));
      return;
    }
    if (t.sslRootCert() == null) {
      throw new IllegalArgumentException("the Vert.x part cannot do sslmode=" + mode + " without sslrootcert in the URL"
          + " (the Vert.x PG client has no default root certificate)");
    }
    o.setSslOptions(new ClientSSLOptions()
        .setTrustOptions(new PemTrustOptions().addCertPath(t.sslRootCert()))
        .setHostnameVerificationAlgorithm(mode == SslMode.VERIFY_FULL ? "HTTPS" : ""));
  }

  /** The client's defaults: no prepared-statement cache. */
  PgConnection connect() {
    return connect(false);
  }

  static void exec(SqlConnection c, String... statements) {
    for (String sql : statements) {
      c.query(sql).execute().await();
    }
  }

  /** The first column of the first row as text, or null when there is no row. */
  static String string(SqlConnection c, String sql) {
    RowSet<Row> rs = c.query(sql).execute().await();
    var it = rs.iterator();
    if (!it.hasNext()) {
      return null;
    }
    Object v = it.next().getValue(0);
    return v == null ? null : v.toString();
  }

  /** Drops and creates {@code schema}: a rerun after a crash starts clean. */
  static void freshSchema(SqlConnection c, String schema) {
    exec(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema);
  }

  /** Drops {@code schema}; used in finally blocks, so a failure here must not hide the real one. */
  static void dropQuietly(SqlConnection c, String schema) {
    try {
      exec(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    } catch (RuntimeException e) {
      System.err.println("could not drop schema " + schema + ": " + e.getMessage());
    }
  }

  @Override
  public void close() {
    vertx.close().await();
  }
}
