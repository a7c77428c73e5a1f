// A minimal Vert.x PG client loop, no harness: the ceiling for vertx (Pool, one command per connection at a time) and
// vertx-pipelined (PgBuilder.client(), many commands in flight per connection), on the vertx stack's classpath:
//   java -cp "$(cat stacks/vertx/target/runtime.classpath)" bench/bare/BareVertx.java \
//     pool|pipelined IN_FLIGHT CONNECTIONS WARMUP_S MEASURE_S
// As in the stack: one event loop per core, prepared-statement cache on, pipelining limit 256, and the operations in
// flight spread round-robin over the event loops (Vert.x would pin them all to the first caller's loop).
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD. Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>".
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

public class BareVertx {
  public static void main(String[] a) throws Exception {
    boolean pipelined = a[0].equals("pipelined");
    int inFlight = Integer.parseInt(a[1]), conns = Integer.parseInt(a[2]);
    int cores = Runtime.getRuntime().availableProcessors();
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(cores));
    PgConnectOptions o = new PgConnectOptions().setHost(BareMeter.env("PGHOST")).setPort(Integer.parseInt(BareMeter.env("PGPORT")))
        .setDatabase(BareMeter.env("PGDATABASE")).setUser(BareMeter.env("PGUSER")).setPassword(System.getenv("PGPASSWORD"))
        .setCachePreparedStatements(true);
    PoolOptions po = new PoolOptions().setMaxSize(conns).setEventLoopSize(cores);
    SqlClient client = pipelined
        ? PgBuilder.client().with(po).connectingTo(o.setPipeliningLimit(256)).using(vertx).build()
        : PgBuilder.pool().with(po).connectingTo(o).using(vertx).build();
    PreparedQuery<RowSet<Row>> q = client.preparedQuery(BareMeter.SQL_DOLLAR);
    BareMeter m = BareMeter.start();
    Runnable[] loop = new Runnable[1];
    loop[0] = () -> {
      int id = BareMeter.nextId();
      q.execute(Tuple.of(id)).onComplete(ar -> {
        if (ar.failed()) {
          BareMeter.fail(ar.cause());
        }
        Row row = ar.result().iterator().next();
        if (row.getInteger(0) != id) {
          BareMeter.fail("wrong answer for id " + id);
        }
        row.getInteger(1);
        m.done();
        if (m.running) {
          loop[0].run();
        }
      });
    };
    VertxInternal vi = (VertxInternal) vertx;
    List<Context> loops = new ArrayList<>();
    for (EventExecutor e : vi.nettyEventLoopGroup()) {
      loops.add(vi.contextBuilder().withEventLoop((EventLoop) e).build());
    }
    for (int i = 0; i < inFlight; i++) {
      loops.get(i % loops.size()).runOnContext(v -> loop[0].run());
    }
    m.measure(Long.parseLong(a[3]), Long.parseLong(a[4]));
    Thread.sleep(200);
    client.close();
    vertx.close();
    System.exit(0);
  }
}
