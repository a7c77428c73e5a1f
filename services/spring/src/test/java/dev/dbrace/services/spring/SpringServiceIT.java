package dev.dbrace.services.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.db.DbTarget;
import dev.dbrace.service.host.RemoteStub;
import dev.dbrace.service.host.ServiceDescriptor;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import dev.dbrace.services.testkit.ProcNet;
import dev.dbrace.services.testkit.ProcThreads;
import dev.dbrace.testkit.SharedTestDatabase;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each variant of the descriptor started as its own JVM by dbrace's own launcher
 * (dbrace-service-host), against the shared test PostgreSQL and a remote stub, checked endpoint by
 * endpoint ({@link ContractChecks}), then stopped with SIGTERM.
 */
public class SpringServiceIT {
  static final Path MODULE = Path.of("").toAbsolutePath();
  static final Path LOGS = MODULE.resolve("target/service-logs");
  /** 200–300 ms per user; user 1000 takes a second, to watch the other two sources stream first. */
  static final int LONG_REMOTE_USER = 1000;
  static final int POOL = 4;
  static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
  /** The options dbrace gives every JVM it forks (RaceOptions#workerJvmArgs): Netty on JDK 24+ would warn otherwise. */
  static final List<String> JVM_ARGS = Runtime.version().feature() >= 23
      ? List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")
      : List.of("--enable-native-access=ALL-UNNAMED");

  static RemoteStub remote;
  static Map<String, ServiceVariant> variants;
  static DbTarget db;

  @BeforeAll
  static void start() throws Exception {
    db = SharedTestDatabase.target();
    remote = RemoteStub.start(user -> user == LONG_REMOTE_USER ? 1000 : 200 + Math.floorMod(user, 101));
    variants = ServiceDescriptor.read(MODULE);
  }

  @AfterAll
  static void stop() {
    if (remote != null) {
      remote.close();
    }
  }

  /** The variant {@code name} started as dbrace starts it, on {@code target}, its output in {@code target/service-logs/<logs>}. */
  static ServiceProcess start(String name, DbTarget target, String logs) throws Exception {
    ServiceVariant variant = variants.get(name);
    assertNotNull(variant, name + " is not in the descriptor");
    return ServiceProcess.start(variant, JAVA, JVM_ARGS, ServiceProcess.Environment.of(target, POOL, remote.url()),
        "dbrace-test-" + name, LOGS.resolve(logs));
  }

  @Test
  void descriptorListsTheFourVariants() {
    assertEquals(List.of("mvc-jdbc", "mvc-virtual", "webflux-blocking", "webflux-r2dbc"),
        List.copyOf(variants.keySet()));
    for (ServiceVariant v : variants.values()) {
      assertEquals("java", v.runtime(), v.name());
      assertEquals(ServiceApplication.class.getName(), v.main(), v.name());
      assertEquals(List.of(v.name()), v.args(), v.name());
      assertEquals(List.of("postgresql"), v.engines(), v.name());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"mvc-jdbc", "mvc-virtual", "webflux-blocking", "webflux-r2dbc"})
  void servesTheContractAndStopsOnSigterm(String name) throws Exception {
    try (ServiceProcess service = start(name, db, name)) {
      long t0 = System.nanoTime();
      try {
        service.awaitReady(ServiceProcess.READY_LIMIT);
      } catch (ServiceProcess.NotReady e) {
        fail(e.getMessage() + ":\n" + String.join("\n", e.tail()));
      }
      long t1 = System.nanoTime();
      new ContractChecks(service, db).all(name.equals("webflux-r2dbc") ? LONG_REMOTE_USER : -1);
      assertRunsOn(name, ProcThreads.names(service.pid()));
      assertEquals(List.of("127.0.0.1"), ProcNet.listeners(service.port()), "listens on 127.0.0.1 only");
      assertPoolConnections("dbrace-test-" + name, POOL);
      long t2 = System.nanoTime();
      assertTrue(service.stop(), name + " did not exit within " + ServiceProcess.STOP_GRACE + " of SIGTERM");
      System.err.printf("[service] %s: healthy after %d ms, checks %d ms, stopped in %d ms%n", name,
          (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (System.nanoTime() - t2) / 1_000_000);
      assertFalse(Files.readString(service.log()).contains(db.password()), name + " logged the database password");
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

  /** An unreachable database: exit non-zero at once, one line of output (on stderr: stdout says nothing), no password in it. */
  @ParameterizedTest
  @ValueSource(strings = {"mvc-jdbc", "webflux-r2dbc"})
  void failsFastWithoutDatabase(String name) throws Exception {
    DbTarget nowhere = new DbTarget("127.0.0.1", ServiceProcess.freePort(), "postgres", "postgres",
        db.password());
    try (ServiceProcess service = start(name, nowhere, "no-db-" + name)) {
      assertTrue(service.process().waitFor(20, TimeUnit.SECONDS), name + " still running");
      assertNotEquals(0, service.process().exitValue());
      String output = Files.readString(service.log());
      assertEquals(1, output.strip().lines().count(), "one line of output: " + output);
      assertTrue(output.contains("dbrace-services-spring: cannot connect to PostgreSQL"), output);
      assertFalse(output.contains(db.password()), "password in the output");
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
