// A minimal Hibernate Reactive loop, no harness: the ceiling for hibernate-reactive, on the stack's classpath, with the
// stack's settings: Vert.x with one event loop per core, Hibernate Reactive's own Vert.x PG pool of CONNECTIONS, no
// second-level or query cache, no statistics, a session per operation (withSession on a fresh duplicated context, as a
// Vert.x server gives each request one), the point select as find(World.class, id).
//   java -cp "$(cat stacks/hibernate-reactive/target/runtime.classpath)" bench/bare/BareHibernateReactive.java \
//     - IN_FLIGHT CONNECTIONS WARMUP_S MEASURE_S
// Connection from PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD. Prints "ops_s=<n>" and "cpu_ms_per_1k=<client CPU>".
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.impl.ContextInternal;
import jakarta.persistence.Column;
import java.util.concurrent.Executor;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.cfg.Configuration;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.provider.ReactiveServiceRegistryBuilder;
import org.hibernate.reactive.vertx.VertxInstance;

public class BareHibernateReactive {
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

  /** A new duplicated context per operation, started at once when already on an event loop (as the stack does). */
  static Executor freshContext(Vertx vertx) {
    if (Vertx.currentContext() instanceof ContextInternal c && c.owner() == vertx && c.nettyEventLoop().inEventLoop()) {
      ContextInternal dup = c.duplicate();
      return dup::dispatch;
    }
    ContextInternal dup = ((ContextInternal) vertx.getOrCreateContext()).duplicate();
    return task -> dup.runOnContext(v -> task.run());
  }

  public static void main(String[] a) throws Exception {
    int inFlight = Integer.parseInt(a[1]), conns = Integer.parseInt(a[2]);
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(Runtime.getRuntime().availableProcessors()));
    Configuration cfg = new Configuration()
        .addAnnotatedClass(World.class)
        .setProperty("jakarta.persistence.jdbc.url",
            "jdbc:postgresql://" + BareMeter.env("PGHOST") + ":" + BareMeter.env("PGPORT") + "/" + BareMeter.env("PGDATABASE"))
        .setProperty("jakarta.persistence.jdbc.user", BareMeter.env("PGUSER"))
        .setProperty("hibernate.connection.pool_size", Integer.toString(conns))
        .setProperty("hibernate.hbm2ddl.auto", "none")
        .setProperty("jakarta.persistence.sharedCache.mode", "NONE")
        .setProperty("hibernate.cache.use_second_level_cache", "false")
        .setProperty("hibernate.cache.use_query_cache", "false")
        .setProperty("hibernate.generate_statistics", "false");
    if (System.getenv("PGPASSWORD") != null) {
      cfg.setProperty("jakarta.persistence.jdbc.password", System.getenv("PGPASSWORD"));
    }
    var registry = new ReactiveServiceRegistryBuilder().applySettings(cfg.getProperties())
        .addService(VertxInstance.class, (VertxInstance) () -> vertx).build();
    Mutiny.SessionFactory sessions = cfg.buildSessionFactory(registry).unwrap(Mutiny.SessionFactory.class);
    BareMeter m = BareMeter.start();
    Runnable[] loop = new Runnable[1];
    loop[0] = () -> {
      int id = BareMeter.nextId();
      sessions.withSession(s -> s.find(World.class, id))
          .runSubscriptionOn(freshContext(vertx))
          .subscribe().with(w -> {
            if (w == null || w.id != id) {
              BareMeter.fail("wrong answer for id " + id);
            }
            m.done();
            if (m.running) {
              loop[0].run();
            }
          }, BareMeter::fail);
    };
    for (int i = 0; i < inFlight; i++) {
      loop[0].run();
    }
    m.measure(Long.parseLong(a[3]), Long.parseLong(a[4]));
    Thread.sleep(200);
    sessions.close();
    vertx.close();
    System.exit(0);
  }
}
