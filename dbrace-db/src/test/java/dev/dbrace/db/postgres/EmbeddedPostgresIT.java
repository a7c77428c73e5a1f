package dev.dbrace.db.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.db.CpuPin;
import dev.dbrace.db.DatasetRows;
import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.Driver;

/** One real embedded server for the dataset, counter and connection-error tests. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class EmbeddedPostgresIT {

  public static final Path CACHE = Path.of("target", "pg-cache");
  private EmbeddedPostgres pg;
  private Connection admin;

  @BeforeAll
  void start() {
    pg = EmbeddedPostgres.start(CACHE, m -> System.out.println("[pg] " + m));
    admin = pg.target().connect();
  }

  @AfterAll
  void stop() throws Exception {
    admin.close();
    pg.close();
  }

  @Test
  void serverIsTheBundledVersionWithStatementStats() {
    assertTrue(pg.version().startsWith("17."), pg.version());
    assertEquals(pg.version(), ServerCounters.serverVersion(admin));
    assertTrue(ProcessHandle.of(pg.pid()).orElseThrow().isAlive());
    assertTrue(ServerCounters.hasStatementStats(admin));
    assertEquals("127.0.0.1", pg.target().host());
  }

  /** --db-cpus: the postmaster, its children and a backend forked afterwards all run on the first core only. */
  @Test
  void pinnedToOneCoreAndNewBackendsInheritIt() throws Exception {
    List<Integer> all = CpuPin.allowed();
    String first = Integer.toString(all.get(0));
    try {
      assertEquals(first, CpuPin.pin(pg.pid(), 1));
      assertEquals(List.of(all.get(0)), CpuPin.allowed(pg.pid()), "postmaster");
      ProcessHandle.of(pg.pid()).orElseThrow().children()
          .forEach(c -> assertEquals(List.of(all.get(0)), CpuPin.allowed(c.pid()), "child " + c.pid()));
      try (Connection c = pg.target().connect(); Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
        rs.next();
        assertEquals(List.of(all.get(0)), CpuPin.allowed(rs.getLong(1)), "a backend forked after pinning");
      }
      assertThrows(DbException.class, () -> CpuPin.pin(pg.pid(), all.size() + 1));
    } finally {
      CpuPin.pin(pg.pid(), all.size()); // the other tests get every core back
    }
  }

  @Test
  void datasetsAreCreatedOnceAndAnsweredByE1() throws Exception {
    List<String> log = new ArrayList<>();
    Datasets.ensure(admin, log::add);
    long t0 = System.nanoTime();
    Datasets.ensure(admin, log::add);
    assertTrue(log.get(log.size() - 1).startsWith("lab datasets present"), log.toString());
    assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "second ensure should be a quick no-op");
    assertEquals(10_000, count("SELECT count(*) FROM world WHERE randomnumber BETWEEN 1 AND 10000"));
    assertEquals(12, count("SELECT count(*) FROM fortune"));
    assertEquals(16, count("SELECT count(*) FROM category"));
    assertEquals(200, count("SELECT count(*) FROM actor"));
    assertEquals(1000, count("SELECT count(*) FROM film WHERE film_id BETWEEN 0 AND 999"));
    assertEquals(0, count("SELECT count(*) FROM film f WHERE NOT EXISTS"
        + " (SELECT 1 FROM film_actor a WHERE a.film_id = f.film_id)"));
    assertEquals(1, count("SELECT count(*) FROM fortune WHERE id = 12"
        + " AND message = 'フレームワークのベンチマーク'"));
    assertEquals(1, count("SELECT count(*) FROM fortune WHERE id = 11 AND message ="
        + " '<script>alert(\"This should not be displayed in a browser alert box.\");</script>'"));
    long expectedSum = 0;
    for (int id = 1; id <= 10_000; id++) {
      expectedSum += DatasetRows.worldRandomNumber(id);
    }
    assertEquals(expectedSum, count("SELECT sum(randomnumber) FROM world"), "deterministic rows");
    try (PreparedStatement ps =
        admin.prepareStatement("SELECT title FROM nicer_but_slower_film_list WHERE FID = ?")) {
      for (int fid : new int[] {0, 500, 989}) {
        ps.setInt(1, fid);
        try (ResultSet r = ps.executeQuery()) {
          assertTrue(r.next(), "no row for FID " + fid);
          assertFalse(r.getString(1).isBlank());
          assertFalse(r.next(), "more than one row for FID " + fid);
        }
      }
    }
    assertEquals(990, count("SELECT count(*) FROM generate_series(0, 989) g WHERE"
        + " (SELECT count(*) FROM nicer_but_slower_film_list v WHERE v.fid = g) = 1"));
  }

  @Test
  void partialDatasetsAreRecreatedAndForeignTablesRefused() throws Exception {
    Datasets.ensure(admin, m -> { });
    exec("DROP TABLE film_actor CASCADE");
    Datasets.ensure(admin, m -> { });
    assertEquals(DatasetRows.filmActorRows(), count("SELECT count(*) FROM film_actor"));
    try (Connection other = pg.target().connect(); Statement s = other.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS foreign_test");
      s.execute("SET search_path = foreign_test");
      s.execute("CREATE TABLE IF NOT EXISTS world (id int)");
      DbException e = assertThrows(DbException.class, () -> Datasets.ensure(other, m -> { }));
      assertTrue(e.getMessage().contains("not created by dbrace"), e.getMessage());
      s.execute("DROP SCHEMA foreign_test CASCADE");
    }
  }

  @Test
  void statementCountsMatchWhatWasExecuted() throws Exception {
    String app = "dbrace-test-count";
    ServerCounters.Snapshot before = ServerCounters.read(admin);
    int n = 37;
    Properties p = new Properties();
    p.setProperty("user", "postgres");
    p.setProperty("password", pg.target().password());
    p.setProperty("ApplicationName", app);
    p.setProperty("assumeMinServerVersion", "9.0"); // else pgjdbc adds a counted SET
    try (Connection c = new Driver().connect(pg.target().jdbcUrl(), p);
        Statement s = c.createStatement()) {
      for (int i = 0; i < n; i++) {
        s.executeQuery("SELECT " + i).close();
      }
    }
    assertTrue(ServerCounters.awaitBackendsGone(admin, app, Duration.ofSeconds(5)));
    ServerCounters.Snapshot after = ServerCounters.read(admin);
    assertEquals(n, after.statementCalls() - before.statementCalls());
    assertTrue(after.xactCommit() - before.xactCommit() >= n,
        before + " -> " + after);
  }

  @Test
  void wrongPasswordIsRejectedInOneLineWithoutThePassword() {
    DbTarget t = pg.target();
    String wrong = "Wrong-Secret-4711";
    DbException e = assertThrows(DbException.class, () ->
        new DbTarget(t.host(), t.port(), t.database(), "postgres", wrong).connect());
    assertEquals("PostgreSQL at 127.0.0.1:" + t.port()
        + " rejected user postgres: password authentication failed", e.getMessage());
    DbException db = assertThrows(DbException.class, () ->
        new DbTarget(t.host(), t.port(), "nosuchdb", "postgres", t.password()).connect());
    assertTrue(db.getMessage().contains("has no database \"nosuchdb\""), db.getMessage());
    assertFalse(db.getMessage().contains(t.password()));
  }

  @Test
  void closedPortAndUnknownHostCannotBeReached() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    DbException e = assertThrows(DbException.class, () ->
        new DbTarget("127.0.0.1", port, "x", "u", "pw-Secret-1").connect());
    assertEquals("cannot reach PostgreSQL at 127.0.0.1:" + port + ": connection refused",
        e.getMessage());
    DbException h = assertThrows(DbException.class, () ->
        new DbTarget("nosuch.invalid", 5432, "x", "u", null).connect());
    assertEquals("cannot reach PostgreSQL at nosuch.invalid:5432: unknown host nosuch.invalid",
        h.getMessage());
  }

  private long count(String sql) throws Exception {
    try (Statement s = admin.createStatement(); ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }

  private void exec(String sql) throws Exception {
    try (Statement s = admin.createStatement()) {
      s.execute(sql);
    }
  }
}
