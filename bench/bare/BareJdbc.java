// A minimal pgjdbc + HikariCP loop on platform threads, no harness: the ceiling for the jdbc stacks.
//   java -cp "$(cat stacks/jdbc/target/runtime.classpath)" bench/bare/BareJdbc.java THREADS CONNECTIONS WARMUP_S MEASURE_S
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD. Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>" on stdout.
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

public class BareJdbc {
  public static void main(String[] a) throws Exception {
    int threads = Integer.parseInt(a[0]), conns = Integer.parseInt(a[1]);
    long warmS = Long.parseLong(a[2]), measureS = Long.parseLong(a[3]);
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl("jdbc:postgresql://" + System.getenv("PGHOST") + ":" + System.getenv("PGPORT") + "/" + System.getenv("PGDATABASE"));
    c.setUsername(System.getenv("PGUSER"));
    c.setPassword(System.getenv("PGPASSWORD"));
    c.setMaximumPoolSize(conns);
    c.setMinimumIdle(conns);
    HikariDataSource ds = new HikariDataSource(c);
    LongAdder ops = new LongAdder();
    AtomicBoolean running = new AtomicBoolean(true);
    Thread[] ts = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      ts[i] = new Thread(() -> {
        while (running.get()) {
          int id = ThreadLocalRandom.current().nextInt(1, 10_001);
          try (Connection conn = ds.getConnection();
               PreparedStatement ps = conn.prepareStatement("SELECT id, randomnumber FROM world WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
              if (!rs.next() || rs.getInt(1) != id) {
                System.err.println("wrong answer");
                System.exit(1);
              }
            }
          } catch (Exception e) {
            System.err.println(e);
            System.exit(1);
          }
          ops.increment();
        }
      });
      ts[i].start();
    }
    Thread.sleep(warmS * 1000);
    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime(), before = ops.sum(), t0 = System.nanoTime();
    Thread.sleep(measureS * 1000);
    long done = ops.sum() - before, t1 = System.nanoTime(), cpu1 = os.getProcessCpuTime();
    running.set(false);
    System.out.printf("ops_s=%.0f%ncpu_ms_per_1k=%.1f%n", done / ((t1 - t0) / 1e9), (cpu1 - cpu0) / 1e6 / (done / 1000.0));
    for (Thread t : ts) t.join(5000);
    ds.close();
    System.exit(0);
  }
}
