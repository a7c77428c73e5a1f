package dev.dbrace.services.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.mongo.EmbeddedFerretDb;
import dev.dbrace.db.postgres.SlowTable;
import dev.dbrace.service.host.RemoteStub;
import dev.dbrace.service.host.ServiceDescriptor;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import dev.dbrace.testkit.SharedTestDatabase;
import dev.dbrace.testkit.SharedTestFerretDb;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * E4's sources as a race sets them up: each variant started by dbrace's launcher with
 * DBRACE_SLOW_SOURCE=query (slow_world created in the shared test PostgreSQL) and DBRACE_MONGO_URL
 * of a real embedded FerretDB holding a small notifications collection (3,000 documents), and its
 * /notifications answers checked source by source against the dataset's definition. Skipped where
 * Go (to build FerretDB once) is missing.
 */
public class MongoNotificationsIT {
  static EmbeddedFerretDb ferret;
  static RemoteStub remote;
  static DbTarget db;
  static Map<String, ServiceVariant> variants;

  @BeforeAll
  static void start() throws Exception {
    String noFerretDb = SharedTestFerretDb.whyNot();
    assumeTrue(noFerretDb == null, noFerretDb);
    db = SharedTestDatabase.target();
    try (Connection c = db.connect()) {
      SlowTable.ensure(c, System.err::println);
    }
    ferret = SharedTestFerretDb.server();
    remote = RemoteStub.start(user -> 100);
    variants = ServiceDescriptor.read(SpringServiceIT.MODULE);
  }

  @AfterAll
  static void stop() {
    if (remote != null) {
      remote.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"mvc-jdbc", "mvc-virtual", "webflux-blocking", "webflux-r2dbc"})
  void notificationsReadTheSlowQueryMongoDbAndTheRemote(String name) throws Exception {
    ServiceVariant variant = variants.get(name);
    assertTrue(variant.readsMongo(), name + "'s descriptor says second-source = mongo");
    var env = ServiceProcess.Environment.of(db, SpringServiceIT.POOL, remote.url()).withDataSources("query", ferret.mongoUrl());
    try (ServiceProcess service = ServiceProcess.start(variant, SpringServiceIT.JAVA, SpringServiceIT.JVM_ARGS, env,
        "dbrace-test-mongo-" + name, SpringServiceIT.LOGS.resolve("mongo-" + name))) {
      try {
        service.awaitReady(ServiceProcess.READY_LIMIT);
      } catch (ServiceProcess.NotReady e) {
        fail(e.getMessage() + ":\n" + String.join("\n", e.tail()));
      }
      for (int user : new int[] {1042, 7, 999_999}) {
        Map<String, JsonNode> bySource = notifications(service, user);
        assertEquals(List.of("mongo", "remote", "slow"), bySource.keySet().stream().sorted().toList(), name);

        JsonNode slow = bySource.get("slow");
        int id = NotificationData.slowId(user);
        assertEquals(id, slow.get("id").asInt(), name + " slow");
        assertEquals(NotificationData.slowRandomNumber(id), slow.get("randomNumber").asInt(), name + ": slow_world's row");

        JsonNode mongo = bySource.get("mongo");
        int mongoUser = NotificationData.mongoUser(user);
        assertEquals(mongoUser, mongo.get("user").asInt(), name + " mongo user");
        List<String> messages = new ArrayList<>();
        mongo.get("messages").forEach(m -> messages.add(m.asText()));
        assertEquals(NotificationData.messages(mongoUser), messages, name + ": the user's notifications seq 1..3");

        assertEquals(user, bySource.get("remote").get("user").asInt(), name + " remote");
      }
      assertTrue(service.stop(), name + " did not stop on SIGTERM");
      assertFalse(Files.readString(service.log()).contains(db.password()), name + " logged the database password");
    }
  }

  private static Map<String, JsonNode> notifications(ServiceProcess service, int user) throws Exception {
    HttpResponse<String> r = SpringServiceIT.get(service, "/notifications/" + user);
    assertEquals(200, r.statusCode(), r.body());
    Map<String, JsonNode> bySource = new HashMap<>();
    String type = r.headers().firstValue("Content-Type").orElse("");
    List<String> items = type.startsWith("application/x-ndjson") ? List.of(r.body().split("\n")) : List.of();
    if (items.isEmpty()) {
      SpringServiceIT.JSON.readTree(r.body()).forEach(o -> bySource.put(o.get("source").asText(), o));
    } else {
      for (String line : items) {
        if (!line.isBlank()) {
          JsonNode o = SpringServiceIT.JSON.readTree(line);
          bySource.put(o.get("source").asText(), o);
        }
      }
    }
    assertEquals(3, bySource.size(), r.body());
    return bySource;
  }
}
