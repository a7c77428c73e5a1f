package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.TestDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import org.junit.jupiter.api.Test;

/** The embedded server's CPU, as the probe reads it from /proc: its backends' while they live and after they ended. */
public class ServerCpuProbeIT {

  @Test
  void findsThePostmasterAndCountsABackendWhileItLivesAndAfterItEnded() throws Exception {
    try (Connection admin = TestDb.get().target().connect()) {
      long postmaster = ServerCpuProbe.postmaster(admin);
      assertTrue(postmaster > 0, "the embedded server runs on this machine");
      assertEquals("postgres", Files.readString(Path.of("/proc", Long.toString(postmaster), "comm")).strip());
      CpuReading before = CpuReading.tree(postmaster);
      assertNotNull(before);
      CpuReading busy;
      Path backend;
      try (Connection client = TestDb.get().target().connect();
          PreparedStatement ps = client.prepareStatement("SELECT id, randomnumber FROM world WHERE id = ?")) {
        try (var pid = client.createStatement().executeQuery("SELECT pg_backend_pid()")) {
          pid.next();
          backend = Path.of("/proc", Long.toString(pid.getLong(1)));
        }
        for (int i = 0; i < 20_000; i++) {
          ps.setInt(1, 1 + i % 10_000);
          ps.executeQuery().close();
        }
        busy = CpuReading.tree(postmaster);
      }
      double used = cpu(busy) - cpu(before);
      // a point select costs a backend some 10-50 us here: 20,000 of them well over 0.1 s
      assertTrue(used > 0.1, "the live backend's CPU counts: " + used + " s");
      // the client's backend exits once its connection closes, and the postmaster reaps it: /proc forgets it then
      for (int i = 0; i < 100 && Files.exists(backend); i++) {
        Thread.sleep(100);
      }
      assertTrue(!Files.exists(backend), "the backend ended: " + backend);
      double gone = cpu(CpuReading.tree(postmaster)) - cpu(before);
      assertTrue(gone >= used - 0.02, "an ended backend's CPU still counts (" + gone + " s of " + used + ")");
    }
  }

  private static double cpu(CpuReading c) {
    return c.userS() + c.sysS();
  }
}
