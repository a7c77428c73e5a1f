package dev.dbrace.stacks.r2dbc;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.PositionalSql;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.Statement;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.client.SSLMode;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Row;
import io.r2dbc.spi.RowMetadata;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.mariadb.r2dbc.MariadbConnectionConfiguration;
import org.mariadb.r2dbc.MariadbConnectionFactory;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.netty.resources.LoopResources;

/**
 * One opened {@code r2dbc} stack: a {@link ConnectionPool} of {@code config.pool()} connections
 * (all opened up front). Each operation borrows one connection for all of its statements, runs
 * them one after another and gives the connection back before its future completes.
 *
 * <p>Acquiring a connection times out after 30 s, like r2dbc-pool's {@code maxAcquireTime}, but
 * through a Netty {@link HashedWheelTimer} armed per operation rather than the pool's own
 * setting: that wraps every acquisition in {@code Mono.timeout}, which schedules and cancels a
 * task on Reactor's parallel scheduler each time, a large share of the per-operation client CPU,
 * where arming and cancelling a wheel timeout costs little (docs/decisions.md). Same exception
 * class and message as the pool's.
 *
 * <p>Event loops: reactor-netty's default is max(cores, 4) threads; on 2 cores that is twice as
 * many client threads as cores, competing with PostgreSQL for them, and more loops cost more
 * client CPU per operation (docs/decisions.md). The default is one per core, as for the Vert.x
 * stacks; {@code eventLoops} sets it.
 */
final class R2dbcStack implements Stack {

  /** {@code --stack-opt} keys this stack understands. */
  static final String OPT_STATEMENT_CACHE = "statementCache";
  static final String OPT_EVENT_LOOPS = "eventLoops";

  static final Set<String> KNOWN_OPTIONS = Set.of(OPT_STATEMENT_CACHE, OPT_EVENT_LOOPS);

  static final Duration MAX_ACQUIRE_TIME = Duration.ofSeconds(30);
  private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  /** Every column of a row, as the driver decodes it (int4 gives Integer). */
  private static final BiFunction<Row, RowMetadata, Object[]> ROW = (row, meta) -> {
    int n = meta.getColumnMetadatas().size();
    Object[] values = new Object[n];
    for (int i = 0; i < n; i++) {
      values[i] = row.get(i);
    }
    return values;
  };

  private static final Function<Result, Publisher<Object>> ROWS = result -> result.map(ROW);

  /**
   * Rows and update counts (as Long): what a statement that may not return rows (UPDATE, INSERT
   * ...) gives. Only such statements take this path; a SELECT keeps the plain {@link #ROWS} path,
   * so reads pay nothing for it.
   */
  private static final Function<Result, Publisher<Object>> ROWS_AND_COUNTS = result -> result.flatMap(segment -> {
    if (segment instanceof Result.RowSegment r) {
      return Mono.just(ROW.apply(r.row(), r.row().getMetadata()));
    }
    if (segment instanceof Result.UpdateCount u) {
      return Mono.just(u.value());
    }
    if (segment instanceof Result.Message m) {
      return Mono.error(m.exception());
    }
    return Mono.empty();
  });

  private static final Function<Connection, Publisher<Void>> RELEASE = Connection::close;

  private final ConnectionPool pool;
  private final LoopResources loops;
  private final String[] sql;
  /** Per sqlId, for drivers with positional {@code ?} placeholders (MariaDB); null on PostgreSQL, which takes {@code $n}. */
  private final PositionalSql[] positional;
  /** Per sqlId: whether the statement is a plain query, read with {@link #ROWS}. */
  private final boolean[] query;
  private final Timer acquireTimer;
  private final long acquireTimeoutNanos;
  private final String acquireTimeoutMessage;

  private R2dbcStack(ConnectionPool pool, LoopResources loops, String[] sql, PositionalSql[] positional,
      Duration acquireTimeout) {
    this.pool = pool;
    this.loops = loops;
    this.positional = positional;
    this.sql = positional == null ? sql : Arrays.stream(positional).map(PositionalSql::text).toArray(String[]::new);
    this.query = new boolean[sql.length];
    for (int i = 0; i < sql.length; i++) {
      query[i] = sql[i].stripLeading().regionMatches(true, 0, "select", 0, 6);
    }
    this.acquireTimeoutNanos = acquireTimeout.toNanos();
    this.acquireTimeoutMessage = "Connection acquisition timed out after " + acquireTimeout.toMillis() + "ms";
    this.acquireTimer = new HashedWheelTimer(
        new DefaultThreadFactory("dbrace-r2dbc-acquire-timer", true), 100, TimeUnit.MILLISECONDS, 512);
  }

  static R2dbcStack open(StackConfig config) throws Exception {
    return open(config, MAX_ACQUIRE_TIME);
  }

  /** {@link #open(StackConfig)} with another acquire timeout (tests). */
  static R2dbcStack open(StackConfig config, Duration acquireTimeout) throws Exception {
    Map<String, String> options = config.options();
    Set<String> unknown = new TreeSet<>(options.keySet());
    unknown.removeAll(KNOWN_OPTIONS);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown r2dbc stack option" + (unknown.size() > 1 ? "s " : " ")
          + String.join(", ", unknown) + " (known: " + String.join(", ", new TreeSet<>(KNOWN_OPTIONS)) + ")");
    }
    if (config.pool() < 1) {
      throw new IllegalArgumentException("pool must be at least 1, got " + config.pool());
    }

    LoopResources loops = LoopResources.create("dbrace-r2dbc", parseEventLoops(options.get(OPT_EVENT_LOOPS)), true);
    ConnectionFactory factory = config.engine() == Engine.MARIADB ? mariadb(config, loops) : postgresql(config, loops);

    ConnectionPool pool = new ConnectionPool(
        ConnectionPoolConfiguration.builder(factory)
            .name("dbrace-r2dbc")
            .initialSize(config.pool())
            .maxSize(config.pool())
            // no maxAcquireTime: see the class comment; execute() times acquisitions out itself
            .build());
    try {
      pool.warmup().block(OPEN_TIMEOUT);
      Mono.usingWhen(
              pool.create(),
              conn -> Flux.from(conn.createStatement("SELECT 1").execute())
                  .flatMap(r -> r.map((row, meta) -> row.get(0)))
                  .then(),
              RELEASE)
          .block(OPEN_TIMEOUT);
    } catch (RuntimeException e) {
      try {
        pool.disposeLater().block(CLOSE_TIMEOUT);
        disposeLoops(loops);
      } catch (RuntimeException closing) {
        e.addSuppressed(closing);
      }
      Throwable cause = unwrap(e);
      if (cause instanceof Exception ex) {
        throw ex;
      }
      throw e;
    }
    PositionalSql[] positional = config.engine() == Engine.MARIADB ? PositionalSql.all(config.sql()) : null;
    return new R2dbcStack(pool, loops, config.sql().toArray(String[]::new), positional, acquireTimeout);
  }

  /** r2dbc-postgresql; {@code statementCache} sets its prepared-statement cache. */
  private static ConnectionFactory postgresql(StackConfig config, LoopResources loops) {
    PostgresqlConnectionConfiguration.Builder pg = PostgresqlConnectionConfiguration.builder()
        .host(config.host())
        .port(config.port())
        .database(config.database())
        .username(config.user())
        .applicationName(config.applicationName());
    if (config.password() != null) {
      pg.password(config.password());
    }
    // the driver takes libpq's words; without sslRootCert its verify modes use the JDK's trust store
    pg.sslMode(SSLMode.fromValue(config.sslMode().libpq()));
    if (config.sslRootCert() != null) {
      pg.sslRootCert(config.sslRootCert());
    }
    String cache = config.options().get(OPT_STATEMENT_CACHE);
    if (cache != null) {
      pg.preparedStatementCacheQueries(parseStatementCache(cache));
    }
    return new PostgresqlConnectionFactory(pg.loopResources(loops).build());
  }

  /**
   * r2dbc-mariadb, on the driver's defaults (text protocol) unless {@code statementCache} asks for
   * server-side prepared statements: n > 0 keeps n of them per connection, 0 turns them off.
   */
  private static ConnectionFactory mariadb(StackConfig config, LoopResources loops) {
    MariadbConnectionConfiguration.Builder b = MariadbConnectionConfiguration.builder()
        .host(config.host())
        .port(config.port())
        .database(config.database())
        .username(config.user())
        .connectionAttributes(Map.of("program_name", config.applicationName()))
        .loopResources(loops);
    if (config.password() != null) {
      b.password(config.password());
    }
    String cache = config.options().get(OPT_STATEMENT_CACHE);
    if (cache != null) {
      int n = parseStatementCache(cache);
      b.useServerPrepStmts(n != 0);
      if (n > 0) {
        b.prepareCacheSize(n);
      }
    }
    return new MariadbConnectionFactory(b.build());
  }

  /** Event-loop threads; default: one per core the JVM sees (reactor-netty's own default is at least 4). */
  private static int parseEventLoops(String raw) {
    if (raw == null) {
      return Runtime.getRuntime().availableProcessors();
    }
    try {
      int n = Integer.parseInt(raw.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new IllegalArgumentException("r2dbc stack option " + OPT_EVENT_LOOPS + "=" + raw + " is not a positive integer");
  }

  private static int parseStatementCache(String raw) {
    try {
      int n = Integer.parseInt(raw.trim());
      if (n >= -1) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new IllegalArgumentException("r2dbc stack option " + OPT_STATEMENT_CACHE + "=" + raw
        + " is not an integer >= -1 (-1 = unlimited, 0 = no named statements, n = keep n)");
  }

  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    List<Statement> statements = op.statements();
    if (statements.size() == 1 && !op.transactional()) {
      Statement s = statements.get(0);
      SingleStatement done = new SingleStatement();
      done.armAcquireTimeout(this);
      Flux.usingWhen(pool.create(), conn -> rows(done.acquired(conn), s), RELEASE).subscribe(done);
      return done;
    }
    MultiStatement done = new MultiStatement(statements.size());
    done.armAcquireTimeout(this);
    Flux.usingWhen(
            pool.create(),
            conn -> {
              done.acquired(conn);
              Flux<List<Object>> all = Flux.fromIterable(statements).concatMap(s -> rows(conn, s).collectList(), 1);
              if (!op.transactional()) {
                return all;
              }
              return Flux.usingWhen(Mono.from(conn.beginTransaction()).thenReturn(conn), c -> all,
                  Connection::commitTransaction, (c, error) -> c.rollbackTransaction(), Connection::rollbackTransaction);
            },
            RELEASE)
        .subscribe(done);
    return done;
  }

  /** The statement's rows (Object[]) and, for one that changes rows, its update count (Long). */
  private Flux<Object> rows(Connection conn, Statement s) {
    io.r2dbc.spi.Statement st = conn.createStatement(sql[s.sqlId()]);
    Object[] params = positional == null ? s.params() : positional[s.sqlId()].bound(s.params());
    for (int i = 0; i < params.length; i++) {
      Object p = params[i];
      if (p == null) {
        st.bindNull(i, String.class);
      } else {
        st.bind(i, p);
      }
    }
    return Flux.from(st.execute()).flatMap(query[s.sqlId()] ? ROWS : ROWS_AND_COUNTS);
  }

  @Override
  public void close() {
    try {
      pool.disposeLater().block(CLOSE_TIMEOUT);
    } finally {
      acquireTimer.stop();
      disposeLoops(loops);
    }
  }

  /**
   * The event loops, once the pool is disposed, without reactor-netty's default 2 s quiet period: nothing is left to run
   * on them, and the period would keep every worker alive, idle, 2 s after its run.
   */
  private static void disposeLoops(LoopResources loops) {
    loops.disposeLater(Duration.ZERO, CLOSE_TIMEOUT).block(CLOSE_TIMEOUT);
  }

  /** The driver's exception without Reactor's wrappers. */
  static Throwable unwrap(Throwable t) {
    Throwable u = Exceptions.unwrap(t);
    if (Exceptions.isMultiple(u)) {
      List<Throwable> all = Exceptions.unwrapMultiple(u);
      if (!all.isEmpty()) {
        u = Exceptions.unwrap(all.get(0));
      }
    }
    return u;
  }

  /**
   * A future that is also the subscriber of the operation's flux: no {@code toFuture()} adapter,
   * and errors arrive without Reactor's wrappers. Cancelling it cancels the operation. Also the
   * operation's acquire timeout: if no connection arrived in time, it fails the operation with
   * {@link R2dbcTimeoutException} and cancels the acquisition.
   */
  private abstract static class FutureSubscriber<T> extends CompletableFuture<OpResult>
      implements CoreSubscriber<T>, TimerTask {
    private volatile Subscription subscription;
    private Timeout acquireTimeout;
    private String timeoutMessage;

    /** Called before subscribing. */
    final void armAcquireTimeout(R2dbcStack stack) {
      timeoutMessage = stack.acquireTimeoutMessage;
      acquireTimeout = stack.acquireTimer.newTimeout(this, stack.acquireTimeoutNanos, TimeUnit.NANOSECONDS);
    }

    /** Called when the pool hands over the connection; returns it. */
    final Connection acquired(Connection conn) {
      acquireTimeout.cancel();
      return conn;
    }

    /** The acquire timeout fired (on the timer's thread). */
    @Override
    public final void run(Timeout timeout) {
      if (completeExceptionally(new R2dbcTimeoutException(timeoutMessage))) {
        Subscription s = subscription;
        if (s != null) {
          s.cancel();
        }
      }
    }

    @Override
    public final void onSubscribe(Subscription s) {
      if (Operators.validate(subscription, s)) {
        subscription = s;
        s.request(Long.MAX_VALUE);
      }
    }

    @Override
    public final void onError(Throwable t) {
      completeExceptionally(unwrap(t));
    }

    @Override
    public final boolean cancel(boolean mayInterruptIfRunning) {
      boolean cancelled = super.cancel(mayInterruptIfRunning);
      Subscription s = subscription;
      if (cancelled && s != null) {
        s.cancel();
      }
      return cancelled;
    }
  }

  /** Collects the rows of a one-statement operation. */
  private static final class SingleStatement extends FutureSubscriber<Object> {
    private final ArrayList<Object[]> rows = new ArrayList<>(2);
    private long updated;

    @Override
    public void onNext(Object item) {
      if (item instanceof Object[] row) {
        rows.add(row);
      } else {
        updated += (Long) item;
      }
    }

    @Override
    public void onComplete() {
      complete(new OpResult(List.of(rows), new long[] {updated}));
    }
  }

  /** Collects each statement's rows of a many-statement operation. */
  private static final class MultiStatement extends FutureSubscriber<List<Object>> {
    private final ArrayList<List<Object[]>> results;
    private final long[] updated;

    MultiStatement(int statements) {
      results = new ArrayList<>(statements);
      updated = new long[statements];
    }

    @Override
    public void onNext(List<Object> items) {
      List<Object[]> rows = new ArrayList<>(items.size());
      for (Object item : items) {
        if (item instanceof Object[] row) {
          rows.add(row);
        } else {
          updated[results.size()] += (Long) item;
        }
      }
      results.add(rows);
    }

    @Override
    public void onComplete() {
      complete(new OpResult(results, updated));
    }
  }
}
