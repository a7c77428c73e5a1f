// A minimal Vert.x PG client loop, no harness: the ceiling the dbrace vertx stacks should come close to.
// Run by bench/vs-pgbench.sh (entries bare-vertx, bare-vertx-pipelined) with the vertx stack's classpath:
//   java -cp "$(cat stacks/vertx/target/runtime.classpath)" bench/bare/BareVertx.java \
//     pool|pipelined IN_FLIGHT CONNECTIONS WARMUP_S MEASURE_S
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD. Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>" on stdout.
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

public class BareVertx {
  public static void main(String[] a) throws Exception {
    boolean pipelined = a[0].equals("pipelined");
    int inFlight = Integer.parseInt(a[1]), conns = Integer.parseInt(a[2]);
    long warmS = Long.parseLong(a[3]), measureS = Long.parseLong(a[4]);
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(Runtime.getRuntime().availableProcessors()));
    PgConnectOptions o = new PgConnectOptions().setHost(System.getenv("PGHOST")).setPort(Integer.parseInt(System.getenv("PGPORT")))
        .setDatabase(System.getenv("PGDATABASE")).setUser(System.getenv("PGUSER")).setPassword(System.getenv("PGPASSWORD"))
        .setCachePreparedStatements(true);
    PoolOptions po = new PoolOptions().setMaxSize(conns).setEventLoopSize(Runtime.getRuntime().availableProcessors());
    SqlClient client = pipelined
        ? PgBuilder.client().with(po).connectingTo(o.setPipeliningLimit(256)).using(vertx).build()
        : PgBuilder.pool().with(po).connectingTo(o).using(vertx).build();
    PreparedQuery<RowSet<Row>> q = client.preparedQuery("SELECT id, randomnumber FROM world WHERE id = $1");
    LongAdder ops = new LongAdder();
    AtomicBoolean running = new AtomicBoolean(true);
    Runnable[] loop = new Runnable[1];
    loop[0] = () -> {
      int id = ThreadLocalRandom.current().nextInt(1, 10_001);
      q.execute(Tuple.of(id)).onComplete(ar -> {
        if (ar.failed() || ar.result().iterator().next().getInteger(0) != id) {
          System.err.println("wrong answer: " + ar.cause());
          System.exit(1);
        }
        ops.increment();
        if (running.get()) {
          loop[0].run();
        }
      });
    };
    for (int i = 0; i < inFlight; i++) {
      vertx.runOnContext(v -> loop[0].run());
    }
    Thread.sleep(warmS * 1000);
    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime(), before = ops.sum(), t0 = System.nanoTime();
    Thread.sleep(measureS * 1000);
    long done = ops.sum() - before, t1 = System.nanoTime(), cpu1 = os.getProcessCpuTime();
    running.set(false);
    System.out.printf("ops_s=%.0f%ncpu_ms_per_1k=%.1f%n", done / ((t1 - t0) / 1e9), (cpu1 - cpu0) / 1e6 / (done / 1000.0));
    Thread.sleep(200);
    client.close();
    vertx.close();
    System.exit(0);
  }
}
