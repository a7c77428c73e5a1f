package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.PositionalSql;
import dev.dbrace.core.spi.SslMode;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.Statement;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.mysqlclient.MySQLConnectOptions;
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
import io.vertx.sqlclient.Transaction;
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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Vert.x reactive PostgreSQL client, as a {@link Pool} (one command at a time per connection,
 * one connection for a whole operation) or as a pipelining {@link PgBuilder#client()} (each
 * statement on whichever connection the client picks, many in flight on each).
 *
 * <p>Threads: operations issued from a thread that is not one of this Vert.x instance's event
 * loops (the load generator starting its users) are handed round-robin to the event loops; from
 * then on each user's next operation is issued on the event loop where the previous one completed,
 * and runs there without any further thread hop. The pool creates its connections round-robin on
 * the same event loops and prefers a connection of the caller's event loop, so with users and
 * connections spread evenly a query never leaves the thread that issued it. (Left to itself, Vert.x
 * would put every user and connection on the one event loop the first caller was pinned to: one
 * client thread, and a single connection for the pipelined client.)
 *
 * <p>The per-operation path allocates one {@link Call} (the returned future and the result
 * handler), a tuple per statement and the rows, plus what Vert.x allocates itself.
 */
@SuppressWarnings("try") // close() throws Exception, as Stack declares it
final class VertxStack implements Stack {
  private static final long OPEN_TIMEOUT_SECONDS = 30;
  private static final long CLOSE_TIMEOUT_SECONDS = 30;

  private final Vertx vertx;
  /** The pool or the pipelined client; the prepared queries below are bound to it. */
  private final SqlClient client;
  /** The pool, from which an operation of several statements takes one connection; null for the pipelined client. */
  private final Pool pool;
  private final String[] sql;
  /** Per sqlId, for the MySQL client's positional {@code ?}; null on PostgreSQL, which takes {@code $n}. */
  private final PositionalSql[] positional;
  /** {@code client.preparedQuery(sql[i])}, made once: used by the pipelined client, and by the pool for one statement. */
  private final PreparedQuery<RowSet<Row>>[] queries;
  /** One context per event loop, for operations issued from other threads. */
  private final Context[] loopContexts;
  private final AtomicInteger nextLoop = new AtomicInteger();

  @SuppressWarnings({"unchecked", "rawtypes"})
  private VertxStack(Vertx vertx, SqlClient client, Pool pool, List<String> sql, PositionalSql[] positional) {
    this.vertx = vertx;
    this.client = client;
    this.pool = pool;
    this.positional = positional;
    this.sql = positional == null ? sql.toArray(new String[0])
        : Arrays.stream(positional).map(PositionalSql::text).toArray(String[]::new);
    this.queries = new PreparedQuery[this.sql.length];
    for (int i = 0; i < this.sql.length; i++) {
      queries[i] = client.preparedQuery(this.sql[i]);
    }
    VertxInternal vi = (VertxInternal) vertx;
    List<Context> contexts = new ArrayList<>();
    for (EventExecutor loop : vi.nettyEventLoopGroup()) {
      contexts.add(vi.contextBuilder().withEventLoop((EventLoop) loop).build());
    }
    this.loopContexts = contexts.toArray(new Context[0]);
  }

  /**
   * Builds the Vert.x instance and the pool (or pipelined client), then runs {@code SELECT 1} on
   * it and waits, so that a wrong password or an unreachable server fails here.
   */
  static VertxStack open(StackConfig config, VertxSettings settings, boolean pipelined) throws Exception {
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(settings.eventLoops())
        .setPreferNativeTransport(!settings.transport().equals("nio")));
    if (settings.transport().equals("epoll") && !vertx.isNativeTransportEnabled()) {
      Throwable why = vertx.unavailableNativeTransportCause();
      vertx.close();
      throw new IllegalStateException("transport=epoll: Netty's native epoll transport is not available here"
          + (why == null ? "" : ": " + why.getMessage()));
    }
    SqlClient client = null;
    try {
      PoolOptions poolOptions = new PoolOptions()
          .setMaxSize(config.pool())
          // connections round-robin over all event loops, not all on the first caller's
          .setEventLoopSize(settings.eventLoops());
      Pool pool = null;
      if (config.engine() == Engine.MARIADB) {
        if (pipelined) {
          throw new IllegalArgumentException("vertx-pipelined speaks PostgreSQL only");
        }
        pool = MySQLBuilder.pool().with(poolOptions).connectingTo(mysqlOptions(config, settings)).using(vertx).build();
        client = pool;
      } else if (pipelined) {
        client = PgBuilder.client().with(poolOptions)
            .connectingTo(pgOptions(config, settings, "vertx-pipelined").setPipeliningLimit(settings.pipeliningLimit()))
            .using(vertx).build();
      } else {
        pool = PgBuilder.pool().with(poolOptions).connectingTo(pgOptions(config, settings, "vertx")).using(vertx).build();
        client = pool;
      }
      await(client.query("SELECT 1").execute(), OPEN_TIMEOUT_SECONDS,
          "no answer to SELECT 1 from " + config.host() + ":" + config.port() + "/" + config.database());
      PositionalSql[] positional = config.engine() == Engine.MARIADB ? PositionalSql.all(config.sql()) : null;
      return new VertxStack(vertx, client, pool, config.sql(), positional);
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
    if (op.transactional() && pool == null) {
      return CompletableFuture.failedFuture(new IllegalStateException(
          "the pipelined client spreads statements over connections; it cannot run them in one transaction"));
    }
    Call call = new Call(op.statements(), op.transactional());
    Context current = Vertx.currentContext();
    if (current == null || current.owner() != vertx) {
      // Not on one of our event loops: Vert.x would pin this thread to one event loop; spread instead.
      Context ctx = loopContexts[(nextLoop.getAndIncrement() & Integer.MAX_VALUE) % loopContexts.length];
      ctx.runOnContext(v -> call.start());
    } else {
      call.start();
    }
    return call;
  }

  /** Whether Netty's native epoll transport carries the connections (for tests). */
  boolean nativeTransport() {
    return vertx.isNativeTransportEnabled();
  }

  /** How many operations were handed to an event loop from another thread (for tests). */
  int handoffs() {
    return nextLoop.get();
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
   * One operation in progress: the future handed to the load generator, the handler of each
   * statement's result (which sends the next statement) and, for the pool, of the connection.
   */
  private final class Call extends CompletableFuture<OpResult>
      implements Handler<AsyncResult<RowSet<Row>>> {
    private final List<Statement> statements;
    private final boolean transactional;
    /** The open transaction of a transactional operation, else null. */
    private Transaction tx;
    private final int count;
    private final List<Object[]>[] rows;
    private long[] updateCounts;
    private int index;
    /** The pool's connection, held for the whole operation. */
    private SqlConnection conn;

    @SuppressWarnings({"unchecked", "rawtypes"})
    Call(List<Statement> statements, boolean transactional) {
      this.statements = statements;
      this.transactional = transactional;
      this.count = statements.size();
      this.rows = new List[count];
    }

    /**
     * An operation of several statements, or a transaction, takes one connection from the pool for all of them; one
     * statement goes to the pool's own {@code preparedQuery(...).execute}, which takes a connection for it and gives
     * it back inside the pool, as the bare Vert.x loop does, so the stack and its bare loop take the driver's same
     * path (taking a {@link SqlConnection} first adds a future for the connection, a {@code PreparedQuery} made on it
     * and its return, at a cost within the machine's spread: docs/decisions.md).
     */
    void start() {
      if (count == 0) {
        complete(new OpResult(List.of(), new long[0]));
      } else if (pool != null && (count > 1 || transactional)) {
        pool.getConnection().onComplete(this::onConnection);
      } else {
        next();
      }
    }

    private void onConnection(AsyncResult<SqlConnection> ar) {
      if (ar.failed()) {
        completeExceptionally(ar.cause());
        return;
      }
      conn = ar.result();
      if (transactional) {
        conn.begin().onComplete(begun -> {
          if (begun.failed()) {
            fail(begun.cause());
          } else {
            tx = begun.result();
            next();
          }
        });
        return;
      }
      next();
    }

    /** Sends statement {@code index}; its result comes back to {@link #handle(AsyncResult)}. */
    private void next() {
      Statement s = statements.get(index);
      Future<RowSet<Row>> f;
      try {
        PreparedQuery<RowSet<Row>> q = conn == null ? queries[s.sqlId()] : conn.preparedQuery(sql[s.sqlId()]);
        f = q.execute(tuple(positional == null ? s.params() : positional[s.sqlId()].bound(s.params())));
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
        // no result columns: an update; keep its count
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
      OpResult result = new OpResult(Arrays.asList(rows), updateCounts != null ? updateCounts : new long[count]);
      if (tx != null) {
        Transaction t = tx;
        tx = null;
        t.commit().onComplete(committed -> {
          if (committed.failed()) {
            fail(committed.cause());
          } else {
            release();
            complete(result);
          }
        });
        return;
      }
      release();
      complete(result);
    }

    private void fail(Throwable t) {
      if (tx != null) {
        Transaction open = tx;
        tx = null;
        open.rollback().onComplete(rolledBack -> {
          if (rolledBack.failed()) {
            t.addSuppressed(rolledBack.cause());
          }
          release();
          completeExceptionally(t);
        });
        return;
      }
      release();
      completeExceptionally(t);
    }

    /** Gives the connection back to the pool; done at once, since this runs on its context. */
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
  private static PgConnectOptions pgOptions(StackConfig config, VertxSettings settings, String stack) {
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
    return tls(connect, config, stack);
  }

  /**
   * The race's sslmode in the client's own setting, with libpq's meaning: the modes that do not
   * verify trust any certificate, verify-ca checks the chain against sslrootcert, verify-full the
   * host name too. The client has no default root certificate, so a verify mode without
   * sslrootcert is refused rather than run another way.
   */
  private static PgConnectOptions tls(PgConnectOptions connect, StackConfig config, String stack) {
    SslMode mode = config.sslMode();
    connect.setSslMode(io.vertx.pgclient.SslMode.of(mode.libpq()));
    if (mode == SslMode.DISABLE) {
      return connect;
    }
    ClientSSLOptions ssl = new ClientSSLOptions();
    if (!mode.verifies()) {
      return connect.setSslOptions(ssl.setTrustAll(true));
    }
    if (config.sslRootCert() == null) {
      throw new IllegalArgumentException("stack " + stack + ": sslmode=" + mode + " needs sslrootcert in the URL"
          + " (the Vert.x PG client has no default root certificate)");
    }
    ssl.setTrustOptions(new PemTrustOptions().addCertPath(config.sslRootCert()))
        .setHostnameVerificationAlgorithm(mode == SslMode.VERIFY_FULL ? "HTTPS" : "");
    return connect.setSslOptions(ssl);
  }

  /**
   * The MySQL client's options: utf8mb4 like the datasets, and "found" rows as update counts (the
   * client's default; PostgreSQL's meaning, which row checks rely on), not "changed" rows.
   */
  private static MySQLConnectOptions mysqlOptions(StackConfig config, VertxSettings settings) {
    MySQLConnectOptions connect = new MySQLConnectOptions()
        .setHost(config.host())
        .setPort(config.port())
        .setDatabase(config.database())
        .setUser(config.user())
        .setCharset("utf8mb4")
        .setUseAffectedRows(false)
        .setCachePreparedStatements(settings.cachePreparedStatements());
    if (config.password() != null) {
      connect.setPassword(config.password());
    }
    if (config.applicationName() != null) {
      connect.addProperty("program_name", config.applicationName());
    }
    return connect;
  }

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
