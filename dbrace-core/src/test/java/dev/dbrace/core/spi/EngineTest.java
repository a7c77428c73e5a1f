package dev.dbrace.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.RunSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine in configs, URLs and the runner-to-worker JSON. */
class EngineTest {

  @Test
  void jdbcUrlPerEngine() {
    StackConfig pg = new StackConfig("h", 5432, "db", "u", "pw", 4, 8, List.of(), "app", Map.of());
    assertEquals(Engine.POSTGRESQL, pg.engine(), "the old constructor means PostgreSQL");
    assertEquals("jdbc:postgresql://h:5432/db", pg.jdbcUrl());
    StackConfig fb = new StackConfig("h", 3050, "/var/db/x.fdb", "SYSDBA", "pw", 4, 8, List.of(), "app", Map.of(),
        Engine.FIREBIRD);
    assertEquals("jdbc:firebird://h:3050//var/db/x.fdb", fb.jdbcUrl());
    assertFalse(fb.toString().contains("pw"), fb.toString());
    StackConfig maria = new StackConfig("::1", 3306, "shop", "app", "pw", 4, 8, List.of(), "app", Map.of(), Engine.MARIADB);
    assertEquals("jdbc:mariadb://[::1]:3306/shop", maria.jdbcUrl());
  }

  @Test
  void positionalSqlKeepsTheOrderOfNumberedPlaceholders() {
    PositionalSql inOrder = PositionalSql.of("SELECT $1 + $2");
    assertEquals("SELECT ? + ?", inOrder.text());
    Object[] params = {1, 2};
    assertEquals(params, inOrder.bound(params), "no copy when nothing moves");
    PositionalSql reordered = PositionalSql.of("UPDATE t SET b = $2 WHERE a = $1 OR c = $1");
    assertEquals("UPDATE t SET b = ? WHERE a = ? OR c = ?", reordered.text());
    assertEquals(List.of("x", 7, 7), List.of(reordered.bound(new Object[] {7, "x"})));
    assertThrows(IllegalArgumentException.class, () -> PositionalSql.of("SELECT $0"));
  }

  @Test
  void namesAreOneLineErrors() {
    assertEquals(Engine.FIREBIRD, Engine.of(" Firebird "));
    var e = assertThrows(IllegalArgumentException.class, () -> Engine.of("oracle"));
    assertEquals("unknown engine 'oracle' (known: postgresql, firebird, mariadb)", e.getMessage());
    assertEquals(Engine.MARIADB, Engine.of("MariaDB"));
  }

  @Test
  void runSpecCarriesTheEngineAndDefaultsToPostgres() throws Exception {
    RunSpec.Endpoint spec = new RunSpec.Endpoint("h", 1, "d", "u", Engine.FIREBIRD, null, null);
    assertEquals(Engine.FIREBIRD, Json.parse(Json.line(spec), RunSpec.Endpoint.class).engine());
    String old = Json.line(new RunSpec.Endpoint("h", 1, "d", "u", null, null, null))
        .replace(",\"engine\":\"POSTGRESQL\"", "");
    assertFalse(old.contains("engine"), old);
    assertEquals(Engine.POSTGRESQL, Json.parse(old, RunSpec.Endpoint.class).engine());
  }
}
