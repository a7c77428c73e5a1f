// A minimal Hibernate ORM loop, no harness: the ceiling for hibernate-orm (platform threads) and hibernate-orm-virtual,
// on the stack's classpath, with the stack's settings: HikariCP (fixed size, autocommit), no second-level or query cache,
// no statistics, a session per operation holding its connection, and the point select as find(World.class, id).
//   java -cp "$(cat stacks/hibernate-orm/target/runtime.classpath)" bench/bare/BareHibernate.java \
//     platform|virtual IN_FLIGHT CONNECTIONS WARMUP_S MEASURE_S
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD. Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>".
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.jpa.HibernatePersistenceConfiguration;

public class BareHibernate {
  /** The world row, mapped as the stacks map it. */
  @Entity
  @Table(name = "world")
  public static class World {
    @Id
    Integer id;

    @Column(name = "randomnumber", nullable = false)
    Integer randomNumber;

    protected World() {}
  }

  public static void main(String[] a) throws Exception {
    boolean virtual = a[0].equals("virtual");
    int inFlight = Integer.parseInt(a[1]), conns = Integer.parseInt(a[2]);
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl("jdbc:postgresql://" + BareMeter.env("PGHOST") + ":" + BareMeter.env("PGPORT") + "/" + BareMeter.env("PGDATABASE"));
    c.setUsername(BareMeter.env("PGUSER"));
    c.setPassword(System.getenv("PGPASSWORD"));
    c.setMaximumPoolSize(conns);
    c.setMinimumIdle(conns);
    c.setAutoCommit(true);
    HikariDataSource ds = new HikariDataSource(c);
    SessionFactory sessions = new HibernatePersistenceConfiguration("bare")
        .managedClass(World.class)
        .property("jakarta.persistence.nonJtaDataSource", ds)
        .property("hibernate.hbm2ddl.auto", "none")
        .property("jakarta.persistence.sharedCache.mode", "NONE")
        .property("hibernate.cache.use_second_level_cache", "false")
        .property("hibernate.cache.use_query_cache", "false")
        .property("hibernate.generate_statistics", "false")
        .property("hibernate.connection.handling_mode", "DELAYED_ACQUISITION_AND_HOLD")
        .createEntityManagerFactory().unwrap(SessionFactory.class);
    BareMeter m = BareMeter.start();
    Runnable loop = () -> {
      while (m.running) {
        int id = BareMeter.nextId();
        try (Session s = sessions.openSession()) {
          World w = s.find(World.class, id);
          if (w == null || w.id != id) {
            BareMeter.fail("wrong answer for id " + id);
          }
        } catch (RuntimeException e) {
          BareMeter.fail(e);
        }
        m.done();
      }
    };
    m.runThreads(loop, inFlight, virtual, Long.parseLong(a[3]), Long.parseLong(a[4]));
    sessions.close();
    ds.close();
    System.exit(0);
  }
}
