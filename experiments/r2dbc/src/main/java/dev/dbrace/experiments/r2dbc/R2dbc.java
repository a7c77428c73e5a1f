package dev.dbrace.experiments.r2dbc;

import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentSpec;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.client.SSLMode;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Result;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * r2dbc-postgresql plumbing shared by the companion parts: a connection factory for the target,
 * blocking helpers (the experiments run on a plain thread, one connection per measurement), the
 * experiment's schema, and figures formatted exactly as the pgjdbc main part formats them, since
 * table titles must match character for character for the rows to merge.
 */
final class R2dbc {
  /** A bound on every blocking call, so a stuck exchange fails the part instead of hanging the worker. */
  static final Duration TIMEOUT = Duration.ofMinutes(10);

  private R2dbc() {}

  /** Netty 4.1 under JDK 23+ warns on stderr about sun.misc.Unsafe and loading epoll unless told; as the r2dbc stack's worker. */
  static List<String> workerJvmArgs(String... more) {
    List<String> args = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
    if (Runtime.version().feature() >= 23) {
      args.add("--sun-misc-unsafe-memory-access=allow");
    }
    args.addAll(List.of(more));
    return args;
  }

  static PostgresqlConnectionFactory factory(ExperimentContext ctx) {
    ExperimentSpec t = ctx.target();
    PostgresqlConnectionConfiguration.Builder b = PostgresqlConnectionConfiguration.builder()
        .host(t.host()).port(t.port()).database(t.database()).username(t.user())
        .applicationName(t.applicationName()).connectTimeout(Duration.ofSeconds(10));
    if (ctx.password() != null) {
      b.password(ctx.password());
    }
    // the race's sslmode, as pgjdbc's part got it; without a root certificate the verify modes use the JDK's trust store
    b.sslMode(SSLMode.fromValue(t.sslMode().libpq()));
    if (t.sslRootCert() != null) {
      b.sslRootCert(t.sslRootCert());
    }
    return new PostgresqlConnectionFactory(b.build());
  }

  static Connection connect(PostgresqlConnectionFactory f) {
    return f.create().block(TIMEOUT);
  }

  /** Closes quietly: used in finally blocks (and after an OutOfMemoryError), so it must not hide the real failure. */
  static void close(Connection c) {
    try {
      Mono.from(c.close()).block(TIMEOUT);
    } catch (RuntimeException e) {
      System.err.println("could not close an r2dbc connection: " + e.getMessage());
    }
  }

  /** Like {@link #close}: after a read that failed or ran out of memory the connection may be gone already. */
  static void rollbackQuietly(Connection c) {
    try {
      Mono.from(c.rollbackTransaction()).block(TIMEOUT);
    } catch (RuntimeException e) {
      System.err.println("could not roll back an r2dbc transaction: " + e.getMessage());
    }
  }

  /** Rows updated over all results of an execution (one per binding or per statement of a batch). */
  static long rowsUpdated(Publisher<? extends Result> results) {
    return Flux.from(results).concatMap(Result::getRowsUpdated).reduce(0L, Long::sum).block(TIMEOUT);
  }

  static void exec(Connection c, String... statements) {
    for (String sql : statements) {
      rowsUpdated(c.createStatement(sql).execute());
    }
  }

  static String string(Connection c, String sql) {
    List<String> values = Flux.from(c.createStatement(sql).execute())
        .concatMap(r -> r.map((row, meta) -> String.valueOf(row.get(0)))).collectList().block(TIMEOUT);
    return values.isEmpty() ? null : values.getFirst();
  }

  /** Drops and creates {@code schema}: a rerun after a crash starts clean. */
  static void freshSchema(Connection c, String schema) {
    exec(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema);
  }

  static void dropQuietly(Connection c, String schema) {
    try {
      exec(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    } catch (RuntimeException e) {
      System.err.println("could not drop schema " + schema + ": " + e.getMessage());
    }
  }

  /** The driver as findings name it, e.g. r2dbc-postgresql 1.0.9.RELEASE (from its jar's manifest). */
  static String driver() {
    String v = PostgresqlConnectionFactory.class.getPackage().getImplementationVersion();
    return "r2dbc-postgresql" + (v == null ? "" : " " + v);
  }

  /** A number from a prior part's facts (JSON gives Integer, Long or Double), or NaN when absent. */
  static double fact(Map<String, Object> facts, String key) {
    return facts.get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
  }
}
