package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Rows.Film;
import dev.dbrace.services.spring.Rows.Fortune;
import dev.dbrace.services.spring.Rows.World;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.client.SSLMode;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import java.time.Duration;
import java.util.function.Function;
import java.util.stream.IntStream;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@link ReactiveRepository} on r2dbc-postgresql + r2dbc-pool: never blocks. Thread-safe. */
final class R2dbcRepository implements ReactiveRepository {
  private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
  private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
  private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";
  private static final String SELECT_FORTUNE = "SELECT id, message FROM fortune WHERE id = $1";
  private static final String SELECT_FILM = "SELECT title FROM nicer_but_slower_film_list WHERE FID = $1";
  private static final String SELECT_SLOW = "SELECT id, randomnumber FROM world, pg_sleep($2) WHERE id = $1";
  /** As JdbcRepository's: a scan of slow_world's 1 M rows. */
  private static final String SELECT_SLOW_QUERY = "SELECT id, randomnumber FROM slow_world WHERE lookup = $1";
  private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);

  private final ConnectionPool pool;
  private final boolean slowQuery;

  private R2dbcRepository(ConnectionPool pool, boolean slowQuery) {
    this.pool = pool;
    this.slowQuery = slowQuery;
  }

  /** Opens all DBRACE_POOL connections and runs one query; throws the driver's exception if it cannot. */
  static R2dbcRepository open(ServiceEnv env) {
    PostgresqlConnectionConfiguration.Builder config = PostgresqlConnectionConfiguration.builder()
        .host(env.dbHost()).port(env.dbPort()).database(env.dbName())
        .username(env.dbUser()).password(env.dbPassword())
        .applicationName(env.applicationName())
        .connectTimeout(Duration.ofSeconds(5))
        // libpq's words; without a root certificate its verify modes use the JDK's trust store
        .sslMode(SSLMode.fromValue(env.sslMode()));
    if (env.sslRootCert() != null) {
      config.sslRootCert(env.sslRootCert());
    }
    PostgresqlConnectionFactory factory = new PostgresqlConnectionFactory(config.build());
    ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(factory)
        .name("dbrace-service")
        .initialSize(env.pool())
        .maxSize(env.pool())
        .maxAcquireTime(Duration.ofSeconds(30)) // HikariCP's default connectionTimeout, for parity
        .build());
    try {
      pool.warmup().block(OPEN_TIMEOUT);
      Mono.usingWhen(pool.create(), c -> rows(c.createStatement("SELECT 1"), r -> 1).then(),
          Connection::close).block(OPEN_TIMEOUT);
    } catch (RuntimeException e) {
      pool.dispose();
      throw e;
    }
    return new R2dbcRepository(pool, env.slowQuery());
  }

  @Override
  public Mono<World> world(int id) {
    return withConnection(c -> selectWorld(c, id)).single();
  }

  @Override
  public Flux<World> worlds(int[] ids) {
    return withConnection(c -> Flux.fromStream(IntStream.of(ids).boxed()).concatMap(id -> selectWorld(c, id)));
  }

  @Override
  public Flux<World> update(int[] ids, int[] numbers) {
    return withConnection(c -> Flux.fromStream(IntStream.of(ids).boxed())
        .concatMap(id -> selectWorld(c, id))
        .then(Flux.from(updateBatch(c, ids, numbers).execute()).flatMap(Result::getRowsUpdated).then())
        .thenMany(Flux.range(0, ids.length).map(i -> new World(ids[i], numbers[i]))));
  }

  @Override
  public Flux<Fortune> fortunes() {
    return withConnection(c -> rows(c.createStatement(SELECT_FORTUNES), R2dbcRepository::fortune));
  }

  @Override
  public Mono<Fortune> fortune(int id) {
    return withConnection(c -> rows(c.createStatement(SELECT_FORTUNE).bind(0, id), R2dbcRepository::fortune))
        .single();
  }

  @Override
  public Mono<Film> film(int fid) {
    return withConnection(c -> rows(c.createStatement(SELECT_FILM).bind(0, fid),
        r -> new Film(fid, r.get(0, String.class)))).next();
  }

  @Override
  public Mono<World> slow(int user) {
    int id = Requests.slowId(user);
    return withConnection(c -> rows(slowQuery ? c.createStatement(SELECT_SLOW_QUERY).bind(0, id)
        : c.createStatement(SELECT_SLOW).bind(0, id).bind(1, Requests.slowSeconds(user)), R2dbcRepository::world)).single();
  }

  @Override
  public void close() {
    pool.dispose();
  }

  /** One pooled connection for the whole of {@code work}, returned when it ends, fails or is cancelled. */
  private <T> Flux<T> withConnection(Function<Connection, Flux<T>> work) {
    return Flux.usingWhen(pool.create(), work, Connection::close);
  }

  private static Flux<World> selectWorld(Connection c, int id) {
    return rows(c.createStatement(SELECT_WORLD).bind(0, id), R2dbcRepository::world);
  }

  /** All updates as one statement with a binding each, in id order (see Requests#byId). */
  private static Statement updateBatch(Connection c, int[] ids, int[] numbers) {
    Statement s = c.createStatement(UPDATE_WORLD);
    int[] order = Requests.byId(ids);
    for (int k = 0; k < order.length; k++) {
      if (k > 0) {
        s.add();
      }
      s.bind(0, numbers[order[k]]).bind(1, ids[order[k]]);
    }
    return s;
  }

  private static <T> Flux<T> rows(Statement s, Function<Readable, T> mapper) {
    return Flux.from(s.execute()).flatMap(r -> r.map(mapper));
  }

  private static World world(Readable r) {
    return new World(r.get(0, Integer.class), r.get(1, Integer.class));
  }

  private static Fortune fortune(Readable r) {
    return new Fortune(r.get(0, Integer.class), r.get(1, String.class));
  }
}
