package dev.dbrace.services.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.support.GenericApplicationContext;

/**
 * Starts one variant of the Spring service: {@code ServiceApplication <variant>} with the
 * contract's DBRACE_* environment. The database pool is opened before Spring starts, so an
 * unreachable database ends the process at once with one line on stderr and exit status 1
 * (a wrong argument or variable: status 2), not with Spring's failure report.
 */
public final class ServiceApplication {
  private ServiceApplication() {}

  public static void main(String[] args) {
    Variant variant;
    ServiceEnv env;
    try {
      variant = Variant.fromArgs(args);
      env = ServiceEnv.from(System.getenv());
    } catch (IllegalArgumentException e) {
      exit(2, e.getMessage());
      return;
    }
    ApplicationContextInitializer<GenericApplicationContext> beans;
    try {
      beans = openDataAccess(variant, env);
    } catch (Exception e) {
      exit(1, "cannot connect to PostgreSQL " + env.dbDescription() + ": " + oneLine(e));
      return;
    }
    SpringApplication app = new SpringApplication(variant.reactive()
        ? new Class<?>[] {SpringSetup.class, FluxController.class, SpringSetup.NettyServer.class}
        : new Class<?>[] {SpringSetup.class, MvcController.class});
    app.setWebApplicationType(variant.web);
    app.setBannerMode(Banner.Mode.OFF);
    app.setLogStartupInfo(false);
    app.addInitializers(beans);
    try {
      app.run(SpringSetup.properties(variant, env));
    } catch (RuntimeException e) {
      exit(1, "cannot start " + variant.id + ": " + oneLine(e)); // e.g. the port is taken
    }
  }

  /**
   * Opens the pool (and the remote client) the variant uses and returns the initializer that
   * hands them to Spring. Beans registered this way are AutoCloseable, so Spring closes them
   * when the context closes on SIGTERM.
   */
  private static ApplicationContextInitializer<GenericApplicationContext> openDataAccess(
      Variant variant, ServiceEnv env) throws Exception {
    if (variant.r2dbc) {
      R2dbcRepository repository = R2dbcRepository.open(env);
      ReactiveRemote remote = ReactiveRemote.webClient(env.remoteUrl());
      SecondSource.Reactive second = env.mongoUrl() == null ? SecondSource.Reactive.fortune(repository)
          : openMongo(env, () -> ReactiveMongoNotes.open(env));
      return ctx -> {
        ctx.registerBean(ReactiveRepository.class, () -> repository);
        ctx.registerBean(ReactiveRemote.class, () -> remote);
        ctx.registerBean(SecondSource.Reactive.class, () -> second);
      };
    }
    JdbcRepository repository = JdbcRepository.open(env);
    RemoteClient remote = new RemoteClient(env.remoteUrl());
    SecondSource second = env.mongoUrl() == null ? SecondSource.fortune(repository) : openMongo(env, () -> MongoNotes.open(env));
    if (variant.reactive()) {
      return ctx -> {
        ctx.registerBean(ReactiveRepository.class, () -> new BlockingOnSubscriber(repository));
        ctx.registerBean(ReactiveRemote.class, () -> ReactiveRemote.blocking(remote));
        ctx.registerBean(SecondSource.Reactive.class, () -> SecondSource.Reactive.onSubscriber(second));
      };
    }
    return ctx -> {
      ctx.registerBean(Repository.class, () -> repository);
      ctx.registerBean(RemoteClient.class, () -> remote);
      ctx.registerBean(SecondSource.class, () -> second);
    };
  }

  /** Opens the MongoDB client; one line and exit status 1 if the server cannot be reached (fail fast). */
  private static <T> T openMongo(ServiceEnv env, Supplier<T> open) {
    try {
      return open.get();
    } catch (RuntimeException e) {
      // the driver's messages name hosts, never the URL's password
      exit(1, "cannot connect to MongoDB (DBRACE_MONGO_URL): " + oneLine(e));
      throw e;
    }
  }

  /** The message and its causes' on one line; drivers never put the password in them. */
  static String oneLine(Throwable e) {
    List<String> parts = new ArrayList<>();
    for (Throwable t = e; t != null && parts.size() < 4; t = t.getCause()) {
      String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
      if (parts.isEmpty() || !parts.get(parts.size() - 1).contains(m)) {
        parts.add(m);
      }
    }
    return String.join(": ", parts).replaceAll("\\s+", " ").strip();
  }

  private static void exit(int status, String message) {
    System.err.println("dbrace-services-spring: " + message);
    System.exit(status);
  }
}
