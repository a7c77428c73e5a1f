package dev.dbrace.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.Engine;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** firebird:// URLs; no server needed. */
class FirebirdUrlTest {

  @Test
  void parsesPathUserAndPortWithThePasswordFromTheEnvironment() {
    DbTarget t = DbTarget.parse("firebird://alice@db.example:3051//var/lib/fb/shop.fdb",
        Map.of("ISC_PASSWORD", "s3cret"), null);
    assertEquals(new DbTarget("db.example", 3051, "/var/lib/fb/shop.fdb", "alice", "s3cret", Engine.FIREBIRD), t);
    assertEquals("jdbc:firebird://db.example:3051//var/lib/fb/shop.fdb", t.jdbcUrl());
    assertEquals("firebird://alice@db.example:3051//var/lib/fb/shop.fdb", t.redactedUrl());
    assertFalse(t.toString().contains("s3cret"), t.toString());
  }

  @Test
  void appliesFirebirdDefaults() {
    DbTarget t = DbTarget.parse("firebird://db.example/employee", Map.of("DBRACE_PASSWORD", "pw"), null);
    assertEquals(new DbTarget("db.example", 3050, "employee", "SYSDBA", "pw", Engine.FIREBIRD), t);
    assertEquals("bob", DbTarget.parse("firebird://h//x.fdb", Map.of("ISC_USER", "bob"), null).user());
    assertEquals("first", DbTarget.parse("firebird://h//x.fdb",
        Map.of("ISC_PASSWORD", "first", "DBRACE_PASSWORD", "second"), null).password());
  }

  @Test
  void aPasswordInTheUrlIsNeverPrintedBack() {
    DbTarget t = DbTarget.parse("firebird://alice:p%40ss@h:3050//x.fdb", Map.of(), null);
    assertEquals("p@ss", t.password());
    assertFalse(t.redactedUrl().contains("ss"), t.redactedUrl());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DbTarget.parse("firebird://alice:hunter2@h:99999//x.fdb", Map.of(), null));
    assertTrue(e.getMessage().startsWith("malformed Firebird URL"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2") || e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void aUrlWithoutDatabaseIsOneLineError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DbTarget.parse("firebird://alice@h:3050", Map.of(), null));
    assertEquals("malformed Firebird URL: no database; expected firebird://user@host:port//path/to/db.fdb",
        e.getMessage());
  }

  @Test
  void postgresTargetsAreUnchanged() {
    DbTarget t = DbTarget.parse("postgresql://alice@h/db", Map.of(), null);
    assertEquals(Engine.POSTGRESQL, t.engine());
    assertEquals("jdbc:postgresql://h:5432/db", t.jdbcUrl());
  }
}
