package dev.dbrace.runner.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.Main;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RunRecords;
import dev.dbrace.service.host.ServiceVariant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A service run names the service's own libraries, read from what each variant's build left. */
public class ServiceVersionsTest {

  @Test
  void everyBuiltVariantNamesItsDatabaseAndHttpLibraries() {
    ServiceCatalog catalog = ServiceCatalog.discover(Home.dir());
    assertFalse(catalog.variants().isEmpty());
    for (ServiceVariant v : catalog.variants()) {
      Map<String, String> versions = ServiceVersions.of(v);
      assertFalse(versions.isEmpty(), v.name() + " names no library");
      versions.forEach((k, ver) -> assertTrue(Character.isDigit(ver.charAt(0)), v.name() + ": " + k + " " + ver));
    }
    Map<String, String> orm = ServiceVersions.of(catalog.get("quarkus-orm"));
    assertEquals("7.4.3.Final", orm.get("hibernate-core"), orm.toString());
    assertTrue(orm.containsKey("quarkus-core") && orm.containsKey("agroal-pool"), orm.toString());
    assertTrue(ServiceVersions.of(catalog.get("quarkus-reactive")).containsKey("hibernate-reactive-core"));
    Map<String, String> mvc = ServiceVersions.of(catalog.get("mvc-jdbc"));
    assertTrue(mvc.containsKey("spring-webmvc") && mvc.containsKey("HikariCP") && mvc.containsKey("postgresql"), mvc.toString());
    assertTrue(ServiceVersions.of(catalog.get("webflux-r2dbc")).containsKey("r2dbc-postgresql"));
    assertTrue(ServiceVersions.of(catalog.get("vertx-web")).containsKey("vertx-pg-client"));
    // E4's MongoDB clients: Vert.x's own on vertx-web, the drivers on Spring and Quarkus
    assertTrue(ServiceVersions.of(catalog.get("vertx-web")).containsKey("vertx-mongo-client"));
    assertTrue(mvc.containsKey("mongodb-driver-sync") && orm.containsKey("mongodb-driver-sync"), mvc + " " + orm);
    assertTrue(ServiceVersions.of(catalog.get("quarkus-reactive")).containsKey("mongodb-driver-reactivestreams"));
    assertTrue(ServiceVersions.of(catalog.get("webflux-r2dbc")).containsKey("mongodb-driver-reactivestreams"));
    Map<String, String> node = ServiceVersions.of(catalog.get("node-async-pool"));
    // and on Node, E4's MongoDB through the official driver
    assertEquals(Map.of("firebird", "0.1.5", "mongodb", "7.9.0", "node-firebird", "2.17.1", "pg", "8.23.1", "pg-native",
        "3.9.0"), node);
  }

  @Test
  void theGeneratorsLibrariesAreLabelledAndTheBodyFingerprintKept() {
    Map<String, String> merged = RunRecords.serviceVersions(Map.of("pg", "8.23.1"),
        Map.of("vertx-core", "5.0.12", SameBodies.BYTES, "22820", SameBodies.SHA256, "909a"));
    assertEquals(Map.of("pg", "8.23.1", "generator vertx-core", "5.0.12", SameBodies.BYTES, "22820",
        SameBodies.SHA256, "909a"), merged);
  }
}
