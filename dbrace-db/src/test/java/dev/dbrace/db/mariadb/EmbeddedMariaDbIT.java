package dev.dbrace.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.db.DatasetRows;
import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.StaleServers;
import dev.dbrace.db.firebird.EmbeddedFirebirdIT;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A real MariaDB server, started and stopped by the test; skipped where it cannot be installed. */
public class EmbeddedMariaDbIT {

  @BeforeAll
  static void mariaDbInstalled() {
    String why = MariaDbInstall.installIfMissing(line -> System.err.println("[test-mariadb] " + line));
    assumeTrue(why == null, why);
  }

  @Test
  void startsOnLoopbackWithItsOwnPasswordAndStopsWithoutTrace() throws Exception {
    List<String> log = new ArrayList<>();
    EmbeddedMariaDb db = EmbeddedMariaDb.start(log::add);
    long pid = db.pid();
    Path root = db.root();
    DbTarget t = db.target();
    try {
      assertEquals(Engine.MARIADB, t.engine());
      assertEquals("127.0.0.1", t.host());
      assertTrue(t.port() != 3306, "never the system server's port");
      assertEquals(List.of("0100007F"), EmbeddedFirebirdIT.listeners(t.port()), "listens on 127.0.0.1 only");
      assertTrue(db.version().contains("MariaDB"), db.version());
      String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"));
      assertFalse(cmdline.contains(t.password()), "password not on the server's command line");
      assertTrue(log.stream().noneMatch(l -> l.contains(t.password())), "password not logged: " + log);
      try (var files = Files.walk(root)) {
        for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getParent().getFileName().toString().equals("mysql")).toList()) {
          String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
          assertFalse(text.contains(t.password()), "password not in " + f);
        }
      }
      try (Connection c = t.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT database(), @@character_set_database, @@log_bin")) {
        rs.next();
        assertEquals("dbrace", rs.getString(1));
        assertEquals("utf8mb4", rs.getString(2));
        assertEquals(0, rs.getInt(3), "no binary log");
      }
      DbTarget wrong = new DbTarget(t.host(), t.port(), t.database(), t.user(), "not-" + t.password(), Engine.MARIADB);
      DbException e = assertThrows(DbException.class, wrong::connect);
      assertTrue(e.getMessage().contains("rejected user dbrace"), e.getMessage());
      assertFalse(e.getMessage().contains(t.password()) || e.getMessage().contains("\n"), e.getMessage());
      DbTarget noDb = new DbTarget(t.host(), t.port(), "nosuchdb", t.user(), t.password(), Engine.MARIADB);
      e = assertThrows(DbException.class, noDb::connect);
      assertTrue(e.getMessage().contains("has no database \"nosuchdb\""), e.getMessage());
    } finally {
      db.close();
    }
    assertTrue(ProcessHandle.of(pid).isEmpty(), "server process " + pid + " gone");
    assertFalse(Files.exists(root), root + " deleted");
    assertTrue(EmbeddedFirebirdIT.listeners(t.port()).isEmpty(), "port closed");
    db.close(); // idempotent
  }

  @Test
  void datasetsHaveTheSameRowsAsOnPostgresAndAreNotReloaded() throws Exception {
    // a server of its own: the test replaces a table, and dbrace-db's tests share none
    try (EmbeddedMariaDb server = EmbeddedMariaDb.start(null); Connection c = server.target().connect();
        Statement s = c.createStatement()) {
      MariaDbDatasets.ensure(c, null);
      try (ResultSet rs = s.executeQuery("SELECT count(*), min(id), max(id), sum(randomnumber) FROM world")) {
        rs.next();
        assertEquals(10_000, rs.getInt(1));
        assertEquals(1, rs.getInt(2));
        assertEquals(10_000, rs.getInt(3));
        long expected = 0;
        for (int id = 1; id <= 10_000; id++) {
          expected += DatasetRows.worldRandomNumber(id);
        }
        assertEquals(expected, rs.getLong(4), "the same rows as on PostgreSQL");
      }
      try (ResultSet rs = s.executeQuery("SELECT count(*), max(CASE WHEN id = 12 THEN message END) FROM fortune")) {
        rs.next();
        assertEquals(12, rs.getInt(1));
        assertEquals("フレームワークのベンチマーク", rs.getString(2), "utf8mb4 end to end");
      }
      List<String> log = new ArrayList<>();
      MariaDbDatasets.ensure(c, log::add);
      assertEquals(List.of("lab datasets present (world, fortune)"), log);
      s.execute("CREATE TABLE IF NOT EXISTS stranger (id int)");
      s.execute("DROP TABLE world");
      s.execute("RENAME TABLE stranger TO world");
      DbException e = assertThrows(DbException.class, () -> MariaDbDatasets.ensure(c, null));
      assertTrue(e.getMessage().contains("a table named world already exists and was not created by dbrace"), e.getMessage());
      s.execute("DROP TABLE world");
      MariaDbDatasets.ensure(c, null); // recreated
    }
  }

  @Test
  void urlsOfBothSpellingsParseAndNeverPrintThePassword() {
    DbTarget t = DbTarget.parse("mysql://app:s3cr%40t@db.example:3307/shop", Map.of(), null);
    assertEquals(Engine.MARIADB, t.engine());
    assertEquals("s3cr@t", t.password());
    assertEquals("jdbc:mariadb://db.example:3307/shop", t.jdbcUrl());
    assertEquals("mariadb://app@db.example:3307/shop", t.redactedUrl());
    DbTarget d = DbTarget.parse("mariadb://app@localhost/shop", Map.of("MYSQL_PWD", "pw1"), null);
    assertEquals(3306, d.port());
    assertEquals("pw1", d.password());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DbTarget.parse("mariadb://app:hunter2@localhost:99999/shop", Map.of(), null));
    assertTrue(e.getMessage().startsWith("malformed MariaDB URL") && !e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void aServerLeftByADeadJvmIsKilledAndItsRootRemoved() throws Exception {
    EmbeddedMariaDb db = EmbeddedMariaDb.start(null);
    try {
      Process gone = new ProcessBuilder("true").start();
      gone.waitFor();
      Path orphan = db.root().resolveSibling(StaleServers.MARIADB.prefix() + gone.pid() + "-1");
      Files.move(db.root(), orphan);
      List<String> log = new ArrayList<>();
      StaleServers.MARIADB.clean(orphan.getParent(), log::add);
      assertTrue(ProcessHandle.of(db.pid()).map(h -> !h.isAlive()).orElse(true), "server killed: " + log);
      assertFalse(Files.exists(orphan), "root removed: " + log);
      assertTrue(log.stream().anyMatch(l -> l.startsWith("killed orphan mariadbd")), log.toString());
    } finally {
      db.close();
    }
  }
}
