package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.Statement;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Vert.x reactive PostgreSQL client, as a {@link Pool} (one command at a time per connection,
 * one connection per operation) or as a pipelining {@link PgBuilder#client()} (statements spread
 * over the connections, many in flight on each).
 *
 * <p>The per-operation path allocates one {@link Call} (which is the returned future and the
 * result handler), one tuple per statement and the rows. Results complete on the event loop that
 * ran the query; nothing here blocks or hops threads itself.
 */
final class VertxStack implements Stack {
  private static final long OPEN_TIMEOUT_SECONDS = 30;
  private static final long CLOSE_TIMEOUT_SECONDS = 30;

  private static final boolean WITH_CONN = Boolean.getBoolean("vx.withConn"); // TEMP
  private final Vertx vertx;
  /** The pool or the pipelined client; its prepared queries below are bound to it. */
  private final SqlClient client;
  /** The pool, for operations of several statements; null for the pipelined client. */
  private final Pool pool;
  private final String[] sql;
  private final PreparedQuery<RowSet<Row>>[] queries;

  @SuppressWarnings("unchecked")
  private VertxStack(Vertx vertx, SqlClient client, Pool pool, List<String> sql) {
    this.vertx = vertx;
    this.client = client;
    this.pool = pool;
    this.sql = sql.toArray(new String[0]);
    this.queries = new PreparedQuery[this.sql.length];
    for (int i = 0; i < this.sql.length; i++) {
      queries[i] = client.preparedQuery(this.sql[i]);
    }
  }

  /**
   * Builds the Vert.x instance and the pool (or pipelined client), then runs {@code SELECT 1} on
   * it and waits, so that a wrong password or an unreachable server fails here.
   */
  static VertxStack open(StackConfig config, VertxSettings settings, boolean pipelined) throws Exception {
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(settings.eventLoops()));
    SqlClient client = null;
    try {
      PgConnectOptions connect = new PgConnectOptions()
          .setHost(config.host())
          .setPort(config.port())
          .setDatabase(config.database())
          .setUser(config.user())
          .setCachePreparedStatements(settings.cachePreparedStatements());
      if (config.password() != null) {
        connect.setPassword(config.password());
      }
      if (config.applicationName() != null) {
        connect.addProperty("application_name", config.applicationName());
      }
      PoolOptions poolOptions = new PoolOptions().setMaxSize(config.pool());
      if (Integer.getInteger("vx.connTimeout") != null) poolOptions.setConnectionTimeout(Integer.getInteger("vx.connTimeout")); // TEMP
      if (Integer.getInteger("vx.poolLoops") != null) poolOptions.setEventLoopSize(Integer.getInteger("vx.poolLoops")); // TEMP
      Pool pool = null;
      if (pipelined) {
        connect.setPipeliningLimit(settings.pipeliningLimit());
        client = PgBuilder.client().with(poolOptions).connectingTo(connect).using(vertx).build();
      } else {
        pool = PgBuilder.pool().with(poolOptions).connectingTo(connect).using(vertx).build();
        client = pool;
      }
      await(client.query("SELECT 1").execute(), OPEN_TIMEOUT_SECONDS,
          "no answer to SELECT 1 from " + config.host() + ":" + config.port() + "/" + config.database());
      return new VertxStack(vertx, client, pool, config.sql());
    } catch (Throwable t) {
      if (client != null) {
        try {
          await(client.close(), CLOSE_TIMEOUT_SECONDS, "closing the client");
        } catch (Exception e) {
          t.addSuppressed(e);
        }
      }
      try {
        await(vertx.close(), CLOSE_TIMEOUT_SECONDS, "closing Vert.x");
      } catch (Exception e) {
        t.addSuppressed(e);
      }
      throw t;
    }
  }

  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    List<Statement> statements = op.statements();
    Call call = new Call(statements);
    if (statements.isEmpty()) {
      call.complete(new OpResult(List.of(), new long[0]));
    } else if (pool != null && (statements.size() > 1 || WITH_CONN)) {
      // Several statements on the pool: one connection for all of them.
      pool.getConnection().onComplete(call::onConnection);
    } else {
      // One statement on the pool takes one connection for just that statement; the pipelined
      // client spreads statements over its connections.
      call.next();
    }
    return call;
  }

  @Override
  public void close() throws Exception {
    try {
      await(client.close(), CLOSE_TIMEOUT_SECONDS, "closing the client");
    } finally {
      await(vertx.close(), CLOSE_TIMEOUT_SECONDS, "closing Vert.x");
    }
  }

  /**
   * One operation in progress: the future handed to the load generator, and the handler of each
   * statement's result, which starts the next statement.
   */
  private final class Call extends CompletableFuture<OpResult> implements Handler<AsyncResult<RowSet<Row>>> {
    private final List<Statement> statements;
    private final int count;
    private final List<Object[]>[] rows;
    private long[] updateCounts;
    private int index;
    /** The connection held for the whole operation, or null when statements go to the client. */
    private SqlConnection conn;

    @SuppressWarnings("unchecked")
    Call(List<Statement> statements) {
      this.statements = statements;
      this.count = statements.size();
      this.rows = new List[count];
    }

    void onConnection(AsyncResult<SqlConnection> ar) {
      if (ar.failed()) {
        completeExceptionally(ar.cause());
        return;
      }
      conn = ar.result();
      next();
    }

    /** Sends statement {@code index}; its result comes back to {@link #handle}. */
    void next() {
      Statement s = statements.get(index);
      Future<RowSet<Row>> f;
      try {
        PreparedQuery<RowSet<Row>> q = conn == null ? queries[s.sqlId()] : conn.preparedQuery(sql[s.sqlId()]);
        f = q.execute(tuple(s.params()));
      } catch (RuntimeException e) {
        fail(e);
        return;
      }
      f.onComplete(this);
    }

    @Override
    public void handle(AsyncResult<RowSet<Row>> ar) {
      if (ar.failed()) {
        fail(ar.cause());
        return;
      }
      RowSet<Row> rs = ar.result();
      List<String> columns = rs.columnsNames();
      if (columns == null || columns.isEmpty()) {
        // No result columns: an update; record its count.
        rows[index] = List.of();
        if (updateCounts == null) {
          updateCounts = new long[count];
        }
        updateCounts[index] = rs.rowCount();
      } else {
        rows[index] = rowsOf(rs);
      }
      if (++index < count) {
        next();
        return;
      }
      release();
      complete(new OpResult(Arrays.asList(rows), updateCounts != null ? updateCounts : new long[count]));
    }

    private void fail(Throwable t) {
      release();
      completeExceptionally(t);
    }

    /** Gives the connection back to the pool (at once: this runs on the connection's context). */
    private void release() {
      SqlConnection c = conn;
      if (c != null) {
        conn = null;
        c.close();
      }
    }
  }

  /** Every row as its column values, as the driver decoded them. */
  static List<Object[]> rowsOf(RowSet<Row> rs) {
    int size = rs.size();
    if (size == 0) {
      return List.of();
    }
    RowIterator<Row> it = rs.iterator();
    if (size == 1) {
      return Collections.singletonList(valuesOf(it.next()));
    }
    List<Object[]> out = new ArrayList<>(size);
    while (it.hasNext()) {
      out.add(valuesOf(it.next()));
    }
    return out;
  }

  private static Object[] valuesOf(Row row) {
    int n = row.size();
    Object[] values = new Object[n];
    for (int i = 0; i < n; i++) {
      values[i] = row.getValue(i);
    }
    return values;
  }

  /** A fresh tuple: the driver may write converted values back into it, and params are shared. */
  static Tuple tuple(Object[] p) {
    return switch (p.length) {
      case 0 -> Tuple.tuple();
      case 1 -> Tuple.of(p[0]);
      case 2 -> Tuple.of(p[0], p[1]);
      case 3 -> Tuple.of(p[0], p[1], p[2]);
      case 4 -> Tuple.of(p[0], p[1], p[2], p[3]);
      default -> Tuple.from(p);
    };
  }

  /**
   * Waits for a Vert.x future from a thread that is not an event loop (open and close only).
   * Fails with the driver's own exception, not a wrapper.
   */
  private static <T> T await(Future<T> future, long seconds, String what) throws Exception {
    try {
      return future.toCompletionStage().toCompletableFuture().get(seconds, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      if (cause instanceof Exception ex) {
        throw ex;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(what + ": " + cause, cause);
    } catch (TimeoutException e) {
      throw new TimeoutException(what + " within " + seconds + " s");
    }
  }
}
