package dev.dbrace.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.SslMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** URL parsing and password lookup; no server needed. */
class DbTargetTest {

  private static final Map<String, String> NO_ENV = Map.of();

  @Test
  void parsesLibpqUrlWithEverything() {
    DbTarget t = DbTarget.parse("postgresql://alice:s3cret@db.example:6543/shop", NO_ENV, null);
    assertEquals(new DbTarget("db.example", 6543, "shop", "alice", "s3cret"), t);
    assertEquals("postgresql://alice@db.example:6543/shop", t.redactedUrl());
    assertEquals("jdbc:postgresql://db.example:6543/shop", t.jdbcUrl());
    assertFalse(t.toString().contains("s3cret"), t.toString());
  }

  @Test
  void appliesDefaults() {
    DbTarget t = DbTarget.parse("postgres://db.example", NO_ENV, null);
    assertEquals(new DbTarget("db.example", 5432, "postgres", "postgres", null), t);
    DbTarget u = DbTarget.parse("postgresql://db.example", Map.of("PGUSER", "bob"), null);
    assertEquals("bob", u.user());
    assertEquals("bob", u.database(), "missing database defaults to the user name");
  }

  @Test
  void parsesJdbcUrlAndPercentEscapes() {
    DbTarget t = DbTarget.parse(
        "jdbc:postgresql://10.0.0.7:5433/bench?user=carol&password=p%40ss%3Aw&sslmode=disable",
        NO_ENV, null);
    assertEquals(new DbTarget("10.0.0.7", 5433, "bench", "carol", "p@ss:w", Engine.POSTGRESQL,
        SslMode.DISABLE, null), t);
    DbTarget v6 = DbTarget.parse("postgresql://u:p%2Fq@[::1]:5434/d", NO_ENV, null);
    assertEquals(new DbTarget("::1", 5434, "d", "u", "p/q"), v6);
    assertEquals("jdbc:postgresql://[::1]:5434/d", v6.jdbcUrl());
  }

  @Test
  void passwordPrecedenceUrlThenEnvThenPgpass(@TempDir Path dir) throws Exception {
    Path pgpass = dir.resolve("pgpass");
    Files.writeString(pgpass, """
        # comment
        other:5432:*:alice:wrong
        db.example:*:shop:alice:from\\:pgpass
        *:*:*:*:fallback
        """);
    String url = "postgresql://alice@db.example/shop";
    assertEquals("from:pgpass", DbTarget.parse(url, NO_ENV, pgpass).password());
    assertEquals("fromenv",
        DbTarget.parse(url, Map.of("PGPASSWORD", "fromenv"), pgpass).password());
    assertEquals("inurl", DbTarget.parse("postgresql://alice:inurl@db.example/shop",
        Map.of("PGPASSWORD", "fromenv"), pgpass).password());
    assertEquals("fallback",
        DbTarget.parse("postgresql://bob@elsewhere:7777/x", NO_ENV, pgpass).password());
    assertNull(DbTarget.parse(url, NO_ENV, dir.resolve("absent")).password());
  }

  @Test
  void pgpassEscapedStarIsLiteral(@TempDir Path dir) throws Exception {
    Path pgpass = dir.resolve("pgpass");
    Files.writeString(pgpass, "\\*:5432:db:u:literal\n");
    assertNull(DbTarget.parse("postgresql://u@h/db", NO_ENV, pgpass).password());
    assertEquals("literal", DbTarget.parse("postgresql://u@*/db", NO_ENV, pgpass).password());
  }

  @Test
  void malformedUrlsGiveOneLineWithoutPassword() {
    String[] bad = {
      "postgresql://alice:TopSecret9@host:notaport/db",
      "postgresql://alice:TopSecret9@host:99999/db",
      "mssql://alice:TopSecret9@host/db",
      "postgresql://alice:Top?Secret9@host:12x/db",
      "jdbc:postgresql://h1:5432,h2:5432/db?password=TopSecret9",
      "postgresql://alice:TopSecret9@[::1/db",
      "postgresql://alice:Top%zzSecret9@host/db",
    };
    for (String url : bad) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> DbTarget.parse(url, NO_ENV, null));
      assertFalse(e.getMessage().contains("Secret9"), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
      assertTrue(e.getMessage().startsWith("malformed PostgreSQL URL"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> DbTarget.parse(" ", NO_ENV, null));
  }
}
