package dev.dbrace.db.firebird;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.db.CpuPin;
import dev.dbrace.db.DatasetRows;
import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.Files2;
import dev.dbrace.db.PackagedServer;
import dev.dbrace.db.StaleServers;
import dev.dbrace.db.postgres.PgCluster;
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

/** A real Firebird 3 server, started and stopped by the test; skipped where it cannot be installed. */
public class EmbeddedFirebirdIT {

  @BeforeAll
  static void firebirdInstalled() {
    String why = FirebirdInstall.installIfMissing(line -> System.err.println("[test-firebird] " + line));
    assumeTrue(why == null, why);
  }

  @Test
  void startsOnLoopbackWithItsOwnPasswordAndStopsWithoutTrace() throws Exception {
    List<String> log = new ArrayList<>();
    EmbeddedFirebird fb = EmbeddedFirebird.start(log::add);
    long pid = fb.pid();
    Path root = fb.root();
    DbTarget t = fb.target();
    try {
      assertEquals(Engine.FIREBIRD, t.engine());
      assertEquals("127.0.0.1", t.host());
      assertTrue(t.port() != 3050, "never the system server's port");
      assertEquals(List.of("0100007F"), listeners(t.port()), "listens on 127.0.0.1 only");
      assertTrue(fb.version().contains("3.0"), fb.version());
      String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"));
      assertFalse(cmdline.contains(t.password()), "password not on the server's command line");
      assertTrue(log.stream().noneMatch(l -> l.contains(t.password())), "password not logged: " + log);
      try (Connection c = t.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM rdb$relations")) {
        rs.next();
        assertTrue(rs.getInt(1) > 40, "system relations: " + rs.getInt(1));
      }
      DbTarget wrong = new DbTarget(t.host(), t.port(), t.database(), "SYSDBA", "not-" + t.password(), Engine.FIREBIRD);
      DbException e = assertThrows(DbException.class, wrong::connect);
      assertTrue(e.getMessage().contains("rejected user SYSDBA"), e.getMessage());
      assertFalse(e.getMessage().contains(t.password()) || e.getMessage().contains("\n"), e.getMessage());
    } finally {
      fb.close();
    }
    assertTrue(ProcessHandle.of(pid).isEmpty(), "server process " + pid + " gone");
    assertFalse(Files.exists(root), root + " deleted");
    assertTrue(listeners(t.port()).isEmpty(), "port closed");
    fb.close(); // idempotent
  }

  @Test
  void datasetsHaveTheirRowsAndAreNotReloaded() throws Exception {
    // a server of its own: the test replaces a table, and dbrace-db's tests share none
    try (EmbeddedFirebird server = EmbeddedFirebird.start(null); Connection c = server.target().connect();
        Statement s = c.createStatement()) {
      FirebirdDatasets.ensure(c, null);
      try (ResultSet rs = s.executeQuery("SELECT count(*), min(id), max(id), min(randomnumber), max(randomnumber),"
          + " sum(randomnumber) FROM world")) {
        rs.next();
        assertEquals(10_000, rs.getInt(1));
        assertEquals(1, rs.getInt(2));
        assertEquals(10_000, rs.getInt(3));
        assertTrue(rs.getInt(4) >= 1 && rs.getInt(5) <= 10_000);
        long expected = 0;
        for (int id = 1; id <= 10_000; id++) {
          expected += DatasetRows.worldRandomNumber(id);
        }
        assertEquals(expected, rs.getLong(6), "the same rows as on PostgreSQL");
      }
      try (ResultSet rs = s.executeQuery("SELECT count(*), max(CASE WHEN id = 12 THEN message END) FROM fortune")) {
        rs.next();
        assertEquals(12, rs.getInt(1));
        assertEquals("フレームワークのベンチマーク", rs.getString(2), "UTF8 end to end");
      }
      try (ResultSet rs = s.executeQuery("SELECT * FROM rdb$relations")) {
        int n = 0;
        while (rs.next()) {
          n++;
        }
        assertTrue(n > 40, "E5's query returns the catalog: " + n + " rows");
      }
      List<String> log = new ArrayList<>();
      FirebirdDatasets.ensure(c, log::add);
      assertEquals(List.of("lab datasets present (world, fortune)"), log);
    }
  }

  /**
   * The Node firebird addon's user: a 20-character password (the addon's limit) of 64 symbols (120 bits)
   * that logs in and reads dbrace's tables once granted; and --db-cpus 1 in the server's affinity.
   */
  @Test
  void addonUserLogsInWithATwentyBytePasswordAndCpuPinningShows() throws Exception {
    try (EmbeddedFirebird fb = EmbeddedFirebird.start(null); Connection admin = fb.target().connect()) {
      DbTarget addon = fb.addonTarget();
      assertEquals(EmbeddedFirebird.ADDON_USER, addon.user());
      assertTrue(addon.password().matches("[A-Za-z0-9_-]{20}"), "20 of 64 symbols");
      assertTrue(fb.target().password().length() > 20, "SYSDBA's stays longer");
      FirebirdDatasets.ensure(admin, m -> { });
      EmbeddedFirebird.grantAddonUser(admin);
      try (Connection c = addon.connect(); Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT count(*) FROM world")) {
        rs.next();
        assertEquals(10_000, rs.getInt(1));
      }
      List<Integer> all = CpuPin.allowed();
      assertEquals(Integer.toString(all.get(0)), CpuPin.pin(fb.pid(), 1));
      String status = Files.readString(Path.of("/proc/" + fb.pid() + "/status"));
      assertTrue(status.contains("Cpus_allowed_list:\t" + all.get(0) + "\n"), status);
    }
    assertTrue(EmbeddedFirebird.addonPassword().chars().distinct().count() > 5, "drawn, not fixed");
  }

  @Test
  void aServerLeftByADeadJvmIsKilledAndItsRootRemoved() throws Exception {
    EmbeddedFirebird fb = EmbeddedFirebird.start(null);
    try {
      Process gone = new ProcessBuilder("true").start();
      gone.waitFor();
      // as if a JVM with that pid had started the server and been killed with SIGKILL
      Path orphan = fb.root().resolveSibling(StaleServers.FIREBIRD.prefix() + gone.pid() + "-1");
      Files.move(fb.root(), orphan);
      List<String> log = new ArrayList<>();
      StaleServers.FIREBIRD.clean(orphan.getParent(), log::add);
      assertTrue(fb.pid() > 0 && ProcessHandle.of(fb.pid()).map(h -> !h.isAlive()).orElse(true), "server killed: " + log);
      assertFalse(Files.exists(orphan), "root removed: " + log);
      assertTrue(log.stream().anyMatch(l -> l.startsWith("killed orphan firebird")), log.toString());
    } finally {
      fb.close();
    }
  }

  /**
   * A salt whose hex text starts with 0 makes node-firebird read the server's key from the wrong offset (every
   * attach of that user fails): created users are given new salts until none is left, their passwords unchanged.
   */
  @Test
  void saltsNodeFirebirdCannotReadAreDrawnAgain() throws Exception {
    Path root = Files.createTempDirectory("dbrace-firebird-salts-");
    try {
      Files.createDirectories(root.resolve("lock"));
      EmbeddedFirebird.writeConfig(root, PgCluster.freePort()); // the server is never started
      PackagedServer.chown(root, "firebird");
      String password = PgCluster.newPassword();
      String addon = EmbeddedFirebird.addonPassword();
      EmbeddedFirebird.createDatabases(root, root.resolve("dbrace.fdb"), password, addon);
      List<String> users = List.of("SYSDBA", EmbeddedFirebird.ADDON_USER);
      assertEquals(List.of(), EmbeddedFirebird.unreadableSalts(root, users), "both users' salts readable after creation");
      // what 1 in 16 created users get: a 32-byte salt whose first hex digit is 0
      String connect = EmbeddedFirebird.connectSecurity(root);
      EmbeddedFirebird.isql(root, connect + "update PLG$SRP set PLG$SALT = x'0" + "A".repeat(63) + "'"
          + " where PLG$USER_NAME = 'SYSDBA';\ncommit;\nexit;\n", "spoil a salt");
      assertEquals(List.of("SYSDBA"), EmbeddedFirebird.unreadableSalts(root, users));
      EmbeddedFirebird.mendSalts(root, Map.of("SYSDBA", password, EmbeddedFirebird.ADDON_USER, addon),
          EmbeddedFirebird.unreadableSalts(root, users));
      assertEquals(List.of(), EmbeddedFirebird.unreadableSalts(root, users), "a new salt drawn");
      String salt = EmbeddedFirebird.isql(root, connect + "set list on;\nselect PLG$SALT from PLG$SRP"
          + " where PLG$USER_NAME = 'SYSDBA';\nexit;\n", "read a salt");
      assertFalse(salt.contains("0AAAAAAAAA"), salt);
      assertFalse(Files.readString(root.resolve("isql.log")).contains(password), "no password in isql's output");
    } finally {
      Files2.deleteTree(root);
    }
  }

  /** Local addresses (hex, as in /proc/net/tcp; IPv6 ones prefixed "v6:") listening on the port. */
  public static List<String> listeners(int port) throws Exception {
    List<String> found = new ArrayList<>();
    for (String table : List.of("tcp", "tcp6")) {
      for (String line : Files.readAllLines(Path.of("/proc/net/" + table)).stream().skip(1).toList()) {
        String[] f = line.trim().split("\\s+");
        String[] local = f[1].split(":");
        if (Integer.parseInt(local[1], 16) == port && f[3].equals("0A")) {
          found.add((table.equals("tcp6") ? "v6:" : "") + local[0]);
        }
      }
    }
    return found;
  }
}
