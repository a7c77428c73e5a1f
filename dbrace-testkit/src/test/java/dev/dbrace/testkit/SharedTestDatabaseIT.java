package dev.dbrace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** What the stack modules' tests rely on: one live server per JVM, datasets in place. */
public class SharedTestDatabaseIT {

  @Test
  void oneServerPerJvmWithTheLabDatasets() throws Exception {
    EmbeddedPostgres first = SharedTestDatabase.server();
    assertSame(first, SharedTestDatabase.server());
    assertTrue(ProcessHandle.of(first.pid()).orElseThrow().isAlive());

    DbTarget t = SharedTestDatabase.target();
    assertEquals("127.0.0.1", t.host());
    assertEquals("postgres", t.database());
    assertEquals("postgres", t.user());
    try (Connection c = t.connect(); Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*), min(id), max(id) FROM world")) {
      r.next();
      assertEquals(10_000, r.getInt(1));
      assertEquals(1, r.getInt(2));
      assertEquals(10_000, r.getInt(3));
    }
  }
}
