// A probe between a bare loop and a race: the bare loop's minimal driver (N operations in flight, check the id, count,
// issue the next from the completing thread) around dbrace's own stack adapter, opened through the stack SPI as a
// race opens it (same pool, settings and statement), without the load generator (no sequence, histogram, verifier,
// counters or clock reads). Beside the bare loop and the race (bench/vs-pgbench.sh -v) it splits a stack's gap in two:
// ViaStack below the bare loop is the adapter's cost (or the driver used another way); the race below ViaStack is the
// load generator's. Not a bare loop: it runs dbrace's classes, so vs-pgbench reports it apart.
//   java -cp "stacks/M/target/classes:$(cat stacks/M/target/runtime.classpath)" bench/bare/ViaStack.java \
//     STACK IN_FLIGHT CONNECTIONS WARMUP_S MEASURE_S [OPTION=VALUE ...]
// OPTION=VALUE: the stack's options, as --stack-opt STACK.OPTION=VALUE gives them to a race (e.g. statementCache=0).
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD; TLS off (sslmode=disable), as the bare loops.
// Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>".
import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.SslMode;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Workloads;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.BiConsumer;

public class ViaStack {
  /**
   * VIA_LOAD_GENERATOR=1, a probe: dbrace's closed loop (sequence, check of every answer, histogram, counters) drives
   * the stack instead of the minimal driver, in this process, without the worker around it (no ticker, interval log,
   * progress or parent): between this and the race lies what the worker process adds.
   */
  private static final boolean LOAD_GENERATOR = "1".equals(System.getenv("VIA_LOAD_GENERATOR"));

  /** What a race gives a stack as its threads when --threads is not set (the platform-thread JDBC stacks' pool). */
  private static final int RACE_THREADS = 200;

  public static void main(String[] a) throws Exception {
    String name = a[0];
    int inFlight = Integer.parseInt(a[1]), conns = Integer.parseInt(a[2]);
    StackProvider provider = ServiceLoader.load(StackProvider.class).stream().map(ServiceLoader.Provider::get)
        .filter(p -> p.name().equals(name)).findFirst().orElse(null);
    if (provider == null) {
      System.err.println("via-stack: no stack '" + name + "' on this classpath");
      System.exit(2);
    }
    Map<String, String> options = new HashMap<>();
    for (int i = 5; i < a.length; i++) {
      int eq = a[i].indexOf('=');
      if (eq < 1) {
        System.err.println("via-stack: a stack option is OPTION=VALUE, got '" + a[i] + "'");
        System.exit(2);
      }
      options.put(a[i].substring(0, eq), a[i].substring(eq + 1));
    }
    StackConfig config = new StackConfig(BareMeter.env("PGHOST"), Integer.parseInt(BareMeter.env("PGPORT")),
        BareMeter.env("PGDATABASE"), BareMeter.env("PGUSER"), System.getenv("PGPASSWORD"), conns, RACE_THREADS,
        List.of(BareMeter.SQL_DOLLAR), "dbrace-via-stack", options, null, SslMode.DISABLE, null);
    Stack stack = provider.open(config);
    BareMeter m = BareMeter.start();
    long warmS = Long.parseLong(a[3]), measureS = Long.parseLong(a[4]);
    if (LOAD_GENERATOR) {
      ClosedLoop loop = new ClosedLoop(stack, new OperationSequence(Workloads.byName("point-select", Map.of()), 1),
          new LoadModel.Closed(0, (warmS + measureS + 5) * 1000, inFlight));
      loop.start();
      m.measure(warmS, measureS, loop::startMeasuring, () -> loop.measured().ok());
      loop.stop();
      if (loop.measured().errors() > 0) {
        BareMeter.fail("the load generator counted errors: " + loop.measured().errorSamples());
      }
    } else {
      for (int i = 0; i < inFlight; i++) {
        new User(stack, m).issue();
      }
      m.measure(warmS, measureS);
    }
    Thread.sleep(200);
    stack.close();
    System.exit(0);
  }

  /** One operation in flight at a time, its next issued from the thread its last completed on (as the bare loops). */
  static final class User implements BiConsumer<OpResult, Throwable> {
    private final Stack stack;
    private final BareMeter m;
    private int id;

    User(Stack stack, BareMeter m) {
      this.stack = stack;
      this.m = m;
    }

    void issue() {
      id = BareMeter.nextId();
      stack.execute(new Operation(0, 0, List.of(new Statement(0, new Object[] {id})))).whenComplete(this);
    }

    @Override
    public void accept(OpResult r, Throwable t) {
      if (t != null) {
        BareMeter.fail(t);
      }
      Object[] row = r.rows().get(0).get(0);
      if (!Integer.valueOf(id).equals(row[0])) {
        BareMeter.fail("wrong answer for id " + id);
      }
      m.done();
      if (m.running) {
        issue();
      }
    }
  }
}
