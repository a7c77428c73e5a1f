package dev.dbrace.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.db.postgres.EmbeddedPostgresIT;
import dev.dbrace.db.postgres.LocalPostgres;
import dev.dbrace.db.postgres.PgBinaries;
import dev.dbrace.db.postgres.PgCluster;
import dev.dbrace.db.postgres.Privileges;
import dev.dbrace.db.postgres.ServerCounters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Starting, stopping and cleaning up servers, including after a JVM that died without closing. */
public class EmbeddedPostgresLifecycleIT {

  private static final Path CACHE = EmbeddedPostgresIT.CACHE;

  @Test
  void closeStopsTheServerAndRemovesItsDataDir() throws Exception {
    EmbeddedPostgres pg = EmbeddedPostgres.start(CACHE, m -> System.out.println("[pg] " + m));
    long pid = pg.pid();
    Path dataDir = pg.dataDir();
    List<ProcessHandle> backends;
    try (Connection c = pg.target().connect()) {
      assertTrue(c.isValid(5));
      backends = ProcessHandle.of(pid).orElseThrow().descendants().toList();
      assertFalse(backends.isEmpty(), "a running postmaster has background processes");
      assertTrue(Files.isDirectory(dataDir));
    }
    pg.close();
    assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "postmaster");
    for (ProcessHandle b : backends) {
      assertFalse(b.isAlive(), "backend " + b.pid());
    }
    assertFalse(Files.exists(dataDir), dataDir + " still exists");
    pg.close(); // idempotent
  }

  @Test
  void startRemovesRunsOfDeadJvmsAndKillsTheirServers() throws Exception {
    Privileges priv = Privileges.detect(m -> { });
    Path base = priv.baseDir(CACHE.toAbsolutePath());
    PgBinaries bin = PgBinaries.resolve(base, false, m -> { });
    Process dead = new ProcessBuilder("true").start();
    dead.waitFor();
    // What a SIGKILLed JVM leaves: a run dir named after it, with its postmaster still running.
    Path orphanDir = base.resolve("run-" + dead.pid() + "-1");
    Files2.deleteTree(orphanDir);
    PgCluster.initdb(bin, priv, orphanDir, "pw");
    Process orphan = PgCluster.start(bin, priv, orphanDir, PgCluster.freePort(), false, List.of());
    assertNull(PgCluster.awaitReady(orphan, orphanDir, 30_000));
    Path leftover = base.resolve("run-" + dead.pid() + "-2");
    Files.createDirectories(leftover);
    List<String> log = new ArrayList<>();

    StaleRuns.clean(base, log::add);

    assertTrue(orphan.waitFor(5, TimeUnit.SECONDS), "orphan not killed");
    assertFalse(Files.exists(orphanDir));
    assertFalse(Files.exists(leftover));
    assertTrue(log.stream().anyMatch(m -> m.startsWith("killed orphan PostgreSQL")), log.toString());
  }

  @Test
  void setprivFallbackWithLocalBinaries() throws Exception {
    assumeTrue(Privileges.isRoot(), "only root needs the setpriv fallback");
    assumeTrue(LocalPostgres.find() != null, "no local PostgreSQL installation");
    List<String> log = new ArrayList<>();
    EmbeddedPostgres pg = EmbeddedPostgres.start(CACHE, log::add, true, Privileges.setpriv());
    Path dataDir = pg.dataDir();
    try (Connection c = pg.target().connect()) {
      assertTrue(dataDir.startsWith(Privileges.NOBODY_BASE), dataDir.toString());
      assertEquals(Privileges.setpriv().uid(), (int) (Integer) Files.getAttribute(dataDir, "unix:uid"));
      assertEquals(LocalPostgres.find().hasPgStatStatements(),
          ServerCounters.hasStatementStats(c), log.toString());
      assertEquals(pg.version(), ServerCounters.serverVersion(c));
    } finally {
      pg.close();
    }
    assertFalse(Files.exists(dataDir));
    assertFalse(ProcessHandle.of(pg.pid()).map(ProcessHandle::isAlive).orElse(false));
  }
}
