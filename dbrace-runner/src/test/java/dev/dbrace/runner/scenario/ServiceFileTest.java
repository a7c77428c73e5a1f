package dev.dbrace.runner.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.workload.ParamGen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Service files as a user writes them: what binds, and each mistake refused in one line naming the file, line and field. */
class ServiceFileTest {
  private static final String GOOD = """
      name: orders-blocking
      start:
        command: [java, -jar, target/orders.jar, "--server.port=${http.port}"]
        dir: app
        build: {command: [mvn, -q, package], creates: app/target/orders.jar}
        env:
          DB_URL: "${db.jdbc-url}?ApplicationName=${db.application-name}"
          DB_PASSWORD: "${db.password}"
          POOL_SIZE: "${pool}"
      endpoints:
        - name: order
          path: /orders/$1
          params: [{uniform: {min: 1, max: 1000}}]
          weight: 3
          expect:
            content-type: application/json
            json:
              - {path: "$.id", type: integer, equals-param: 1}
              - {path: "$.items", type: array, length: {min: 1}}
      """;

  @TempDir
  Path dir;

  @Test
  void aGoodFileBinds() throws Exception {
    ServiceFile f = read(GOOD);
    assertEquals("orders-blocking", f.name());
    assertEquals(dir.resolve("app"), f.start().dir(), "relative to the file's folder");
    assertEquals(dir.resolve("app/target/orders.jar"), f.start().build().creates());
    assertEquals("/health", f.health(), "the default health path");
    ServiceFile.Endpoint e = f.endpoints().getFirst();
    assertEquals(3, e.weight());
    assertEquals(List.of(new ParamGen.Uniform(1, 1000)), e.params());
    assertEquals(200, e.expect().status(), "the default status");
    assertEquals(2, e.expect().json().size());
    assertEquals(1, e.expect().json().getFirst().equalsParam());
  }

  @Test
  void placeholdersAreFilledFromTheRunsValues() {
    assertEquals("jdbc:postgresql://h:5/db?ApplicationName=x", ServiceFile.fill("${db.jdbc-url}?ApplicationName=${db.application-name}",
        Map.of("db.jdbc-url", "jdbc:postgresql://h:5/db", "db.application-name", "x")));
    assertEquals("a $1 b", ServiceFile.fill("a $1 b", Map.of()), "a path's $1 is no placeholder");
  }

  @Test
  void mistakesAreOneLineNamingTheLineAndField() throws Exception {
    refused(GOOD.replace("weight: 3", "wieght: 3"), "endpoints[0].wieght: unknown key 'wieght'");
    refused(GOOD.replace("${pool}", "${pools}"), "start.env.POOL_SIZE: unknown placeholder ${pools}");
    refused(GOOD.replace("\"--server.port=${http.port}\"", "\"--password=${db.password}\""),
        "start.command: ${db.password} only in start.env");
    refused(GOOD.replace("\"${db.password}\"", "hunter2"), "start.env.DB_PASSWORD holds a value where a secret goes");
    refused(GOOD.replace("\"${db.jdbc-url}?ApplicationName=${db.application-name}\"", "postgresql://app:hunter2@db/x"),
        "start.env.DB_URL holds a URL with a password");
    refused(GOOD.replace("path: /orders/$1", "path: /orders/$2"), "path: $2 has no param (1 given)");
    refused(GOOD.replace("equals-param: 1", "equals-param: 2"), "equals-param 2 but the path takes 1");
    refused(GOOD.replace("type: integer", "type: int"), "type must be one of array, boolean, integer");
    refused(GOOD.replace("name: orders-blocking", "name: orders blocking"), "name must be 1-63 letters");
    refused(GOOD + "url: http://127.0.0.1:8080\n", "give start or url, not both");
    refused(GOOD.replace("build: {command: [mvn, -q, package], creates: app/target/orders.jar}",
        "build: {command: [mvn, -q, package]}"), "start.build: missing creates");
    refused(GOOD.replace("  - name: order\n", "  - name: order\n    sql: select 1\n"), "unknown key 'sql'");
  }

  @Test
  void aServiceFileIsToldFromAScenarioFile() throws Exception {
    assertTrue(ScenarioReader.isServiceFile(write(GOOD)));
    assertTrue(!ScenarioReader.isServiceFile(write("name: x\noperations:\n  - {name: a, sql: select 1}\n")));
  }

  private void refused(String text, String expected) throws Exception {
    Path file = write(text);
    ScenarioReader.ScenarioError e = assertThrows(ScenarioReader.ScenarioError.class, () -> ScenarioReader.readService(file));
    assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertEquals(-1, e.getMessage().indexOf('\n'), e.getMessage());
  }

  private ServiceFile read(String text) throws Exception {
    return ScenarioReader.readService(write(text));
  }

  private Path write(String text) throws Exception {
    Path f = dir.resolve("svc-" + System.nanoTime() + ".yaml");
    Files.writeString(f, text);
    return f;
  }
}
