// A minimal r2dbc-postgresql + r2dbc-pool loop, no harness: the ceiling for the r2dbc stack, configured as the stack
// configures it (reactor-netty loops = cores, a pool of CONNECTIONS opened up front, no maxAcquireTime, the driver's
// default statement cache), each operation a Flux.usingWhen(pool.create(), statement, close) like the stack's.
//   java -cp "$(cat stacks/r2dbc/target/runtime.classpath)" bench/bare/BareR2dbc.java - IN_FLIGHT CONNECTIONS WARMUP_S MEASURE_S
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD. Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>".
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Connection;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.netty.resources.LoopResources;

public class BareR2dbc {
  public static void main(String[] a) throws Exception {
    int inFlight = Integer.parseInt(a[1]), conns = Integer.parseInt(a[2]);
    LoopResources loops = LoopResources.create("bare-r2dbc", Runtime.getRuntime().availableProcessors(), true);
    PostgresqlConnectionConfiguration.Builder pg = PostgresqlConnectionConfiguration.builder()
        .host(BareMeter.env("PGHOST")).port(Integer.parseInt(BareMeter.env("PGPORT")))
        .database(BareMeter.env("PGDATABASE")).username(BareMeter.env("PGUSER")).loopResources(loops);
    if (System.getenv("PGPASSWORD") != null) {
      pg.password(System.getenv("PGPASSWORD"));
    }
    ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(new PostgresqlConnectionFactory(pg.build()))
        .initialSize(conns).maxSize(conns).build());
    pool.warmup().block(Duration.ofSeconds(60));
    BareMeter m = BareMeter.start();
    Runnable[] loop = new Runnable[1];
    loop[0] = () -> {
      int id = BareMeter.nextId();
      Flux.usingWhen(pool.create(),
              conn -> Flux.from(conn.createStatement(BareMeter.SQL_DOLLAR).bind(0, id).execute())
                  .flatMap(r -> r.map((row, meta) -> new Object[] {row.get(0), row.get(1)})),
              Connection::close)
          .subscribe(row -> {
            if (!Integer.valueOf(id).equals(row[0])) {
              BareMeter.fail("wrong answer for id " + id);
            }
          }, BareMeter::fail, () -> {
            m.done();
            if (m.running) {
              loop[0].run();
            }
          });
    };
    for (int i = 0; i < inFlight; i++) {
      loop[0].run();
    }
    m.measure(Long.parseLong(a[3]), Long.parseLong(a[4]));
    Thread.sleep(200);
    pool.disposeLater().block(Duration.ofSeconds(30));
    loops.disposeLater().block(Duration.ofSeconds(30));
    System.exit(0);
  }
}
