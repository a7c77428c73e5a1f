// A minimal pgjdbc + HikariCP loop, no harness: the ceiling for jdbc-platform (platform threads) and jdbc-virtual
// (one virtual thread per operation in flight, each running its next operation as the stack's local handoff does).
//   java -cp "$(cat stacks/jdbc/target/runtime.classpath)" bench/bare/BareJdbc.java \
//     platform|virtual IN_FLIGHT CONNECTIONS WARMUP_S MEASURE_S
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD. Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>".
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

public class BareJdbc {
  public static void main(String[] a) throws Exception {
    boolean virtual = a[0].equals("virtual");
    int inFlight = Integer.parseInt(a[1]), conns = Integer.parseInt(a[2]);
    HikariConfig c = new HikariConfig(); // the stacks' JdbcPools settings: fixed size, autocommit, 30 s borrow timeout
    c.setJdbcUrl("jdbc:postgresql://" + BareMeter.env("PGHOST") + ":" + BareMeter.env("PGPORT") + "/" + BareMeter.env("PGDATABASE"));
    c.setUsername(BareMeter.env("PGUSER"));
    c.setPassword(System.getenv("PGPASSWORD"));
    c.setMaximumPoolSize(conns);
    c.setMinimumIdle(conns);
    c.setConnectionTimeout(30_000);
    c.setAutoCommit(true);
    HikariDataSource ds = new HikariDataSource(c);
    BareMeter m = BareMeter.start();
    Runnable loop = () -> {
      while (m.running) {
        int id = BareMeter.nextId();
        try (Connection conn = ds.getConnection(); PreparedStatement ps = conn.prepareStatement(BareMeter.SQL_QMARK)) {
          ps.setInt(1, id);
          try (ResultSet rs = ps.executeQuery()) {
            if (!rs.next() || rs.getInt(1) != id) {
              BareMeter.fail("wrong answer for id " + id);
            }
            rs.getInt(2);
          }
        } catch (Exception e) {
          BareMeter.fail(e);
        }
        m.done();
      }
    };
    m.runThreads(loop, inFlight, virtual, Long.parseLong(a[3]), Long.parseLong(a[4]));
    ds.close();
    System.exit(0);
  }
}
