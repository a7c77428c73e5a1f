package dev.dbrace.services.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.db.DbTarget;
import dev.dbrace.services.testkit.ProcNet;
import dev.dbrace.services.testkit.ProcThreads;
import dev.dbrace.services.testkit.RemoteStub;
import dev.dbrace.services.testkit.ServiceDescriptor;
import dev.dbrace.services.testkit.ServiceProcess;
import dev.dbrace.testkit.SharedTestDatabase;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each variant of the descriptor started as its own JVM, as dbrace starts it, against the shared
 * test PostgreSQL and a remote stub, checked endpoint by endpoint ({@link ContractChecks}), then
 * stopped with SIGTERM.
 */
class SpringServiceTest {
  static final Path MODULE = Path.of("").toAbsolutePath();
  static final Path LOGS = MODULE.resolve("target/service-logs");
  /** 200–300 ms per user; user 1000 takes a second, to watch the other two sources stream first. */
  static final int LONG_REMOTE_USER = 1000;

  static RemoteStub remote;
  static ServiceDescriptor descriptor;
  static DbTarget db;

  @BeforeAll
  static void start() throws Exception {
    db = SharedTestDatabase.target();
    remote = RemoteStub.start(user -> user == LONG_REMOTE_USER ? 1000 : 200 + Math.floorMod(user, 101));
    descriptor = ServiceDescriptor.load(MODULE.resolve("dbrace-service.properties"));
  }

  @AfterAll
  static void stop() {
    if (remote != null) {
      remote.close();
    }
  }

  static Map<String, String> env(DbTarget target, int httpPort) {
    Map<String, String> env = new HashMap<>();
    env.put("DBRACE_HTTP_HOST", "127.0.0.1");
    env.put("DBRACE_HTTP_PORT", Integer.toString(httpPort));
    env.put("DBRACE_DB_ENGINE", "postgresql");
    env.put("DBRACE_DB_HOST", target.host());
    env.put("DBRACE_DB_PORT", Integer.toString(target.port()));
    env.put("DBRACE_DB_NAME", target.database());
    env.put("DBRACE_DB_USER", target.user());
    env.put("DBRACE_DB_PASSWORD", target.password());
    env.put("DBRACE_POOL", "4");
    env.put("DBRACE_REMOTE_URL", remote.url());
    env.put("DBRACE_APPLICATION_NAME", "dbrace-test-service");
    return env;
  }

  @Test
  void descriptorListsTheFourVariants() {
    assertEquals(List.of("mvc-jdbc", "mvc-virtual", "webflux-blocking", "webflux-r2dbc"),
        List.copyOf(descriptor.variants().keySet()));
    for (ServiceDescriptor.Variant v : descriptor.variants().values()) {
      assertEquals("java", v.runtime(), v.name());
      assertEquals(ServiceApplication.class.getName(), v.main(), v.name());
      assertEquals(List.of(v.name()), v.args(), v.name());
      assertEquals(List.of("postgresql"), v.engines(), v.name());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"mvc-jdbc", "mvc-virtual", "webflux-blocking", "webflux-r2dbc"})
  void servesTheContractAndStopsOnSigterm(String name) throws Exception {
    ServiceDescriptor.Variant variant = descriptor.variant(name);
    int port = ServiceProcess.freePort();
    Map<String, String> env = env(db, port);
    env.put("DBRACE_APPLICATION_NAME", "dbrace-test-" + name);
    try (ServiceProcess service = ServiceProcess.startJava(MODULE, variant, env, LOGS)) {
      long t0 = System.nanoTime();
      service.awaitHealthy(Duration.ofSeconds(60));
      long t1 = System.nanoTime();
      new ContractChecks(service, db).all(name.equals("webflux-r2dbc") ? LONG_REMOTE_USER : -1);
      assertRunsOn(name, ProcThreads.names(service.process().pid()));
      assertEquals(List.of("127.0.0.1"), ProcNet.listeners(port), "listens on 127.0.0.1 only");
      assertPoolConnections("dbrace-test-" + name, Integer.parseInt(env.get("DBRACE_POOL")));
      long t2 = System.nanoTime();
      assertTrue(service.stop(Duration.ofSeconds(10)), name + " did not exit within 10 s of SIGTERM");
      System.err.printf("[service] %s: healthy after %d ms, checks %d ms, stopped in %d ms%n", name,
          (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (System.nanoTime() - t2) / 1_000_000);
      String logs = service.stdout() + service.stderr();
      assertFalse(logs.contains(db.password()), name + " logged the database password");
    }
  }

  /**
   * The variant's settings took effect, seen from the threads it runs: Tomcat keeps 10 spare
   * request threads ("http-nio-<host>-<port>-exec-N") unless requests run on virtual threads;
   * WebFlux runs on reactor-netty's loops and no Tomcat at all.
   */
  static void assertRunsOn(String variant, List<String> threads) {
    long tomcat = ProcThreads.count(threads, "http-nio-");
    long netty = ProcThreads.count(threads, "reactor-http-");
    String seen = variant + " threads: " + threads;
    switch (variant) {
      case "mvc-jdbc" -> assertTrue(tomcat >= 10 && netty == 0, seen);
      case "mvc-virtual" -> assertTrue(tomcat >= 1 && tomcat <= 3 && netty == 0, seen);
      default -> assertTrue(tomcat == 0 && netty >= 1, seen);
    }
  }

  /** DBRACE_POOL connections, all named DBRACE_APPLICATION_NAME (HikariCP fills its pool in the background). */
  static void assertPoolConnections(String applicationName, int pool) throws Exception {
    long deadline = System.nanoTime() + 5_000_000_000L;
    int connections;
    do {
      try (Connection c = db.connect();
          PreparedStatement ps = c.prepareStatement(
              "SELECT count(*) FROM pg_stat_activity WHERE application_name = ?")) {
        ps.setString(1, applicationName);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          connections = rs.getInt(1);
        }
      }
      if (connections != pool) {
        Thread.sleep(100);
      }
    } while (connections != pool && System.nanoTime() < deadline);
    assertEquals(pool, connections, "connections named " + applicationName);
  }

  /** An unreachable database: exit non-zero at once, one line on stderr, no password in it. */
  @ParameterizedTest
  @ValueSource(strings = {"mvc-jdbc", "webflux-r2dbc"})
  void failsFastWithoutDatabase(String name) throws Exception {
    DbTarget nowhere = new DbTarget("127.0.0.1", ServiceProcess.freePort(), "postgres", "postgres",
        db.password());
    try (ServiceProcess service = ServiceProcess.startJava(MODULE, descriptor.variant(name),
        env(nowhere, ServiceProcess.freePort()), LOGS.resolve("no-db"))) {
      assertTrue(service.process().waitFor(20, TimeUnit.SECONDS), name + " still running");
      assertNotEquals(0, service.process().exitValue());
      String stderr = service.stderr();
      assertEquals(1, stderr.strip().lines().count(), "one line on stderr: " + stderr);
      assertTrue(stderr.contains("cannot connect to PostgreSQL"), stderr);
      assertFalse((service.stdout() + stderr).contains(db.password()), "password in the output");
    }
  }

  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  static final ObjectMapper JSON = new ObjectMapper();

  static HttpResponse<String> get(ServiceProcess service, String path) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(service.uri(path)).timeout(Duration.ofSeconds(20)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }
}
