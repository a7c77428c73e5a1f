package dev.dbrace.runner.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.TestDb;
import dev.dbrace.db.DbTarget;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The fault proxy in front of the real test database: passes traffic, adds latency, stalls and lets go. */
public class FaultProxyIT {

  @Test
  void addsLatencyToEveryAnswerAndStallsUntilReleased() throws Exception {
    DbTarget db = TestDb.get().target();
    try (FaultProxy proxy = new FaultProxy(db.host(), db.port());
        Connection c = new DbTarget("127.0.0.1", proxy.port(), db.database(), db.user(), db.password()).connect();
        Statement s = c.createStatement()) {
      assertEquals(1, proxy.connections());
      long plain = timeSelect(s);
      proxy.latency(80);
      long slow = timeSelect(s);
      assertTrue(slow >= 80 && slow < 80 + 500, "one round trip gains the 80 ms: " + slow + " ms (plain " + plain + ")");
      proxy.latency(0);
      assertTrue(timeSelect(s) < 80, "and loses it when taken off");

      proxy.stall(true);
      CompletableFuture<Long> stalled = CompletableFuture.supplyAsync(() -> {
        try {
          return timeSelect(s);
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      });
      Thread.sleep(400);
      assertFalse(stalled.isDone(), "no answer while stalled");
      proxy.stall(false);
      assertTrue(stalled.get(5, TimeUnit.SECONDS) >= 400, "the answer comes after the stall, on the same connection");
    }
  }

  @Test
  void closingTheProxyCutsItsConnections() throws Exception {
    DbTarget db = TestDb.get().target();
    FaultProxy proxy = new FaultProxy(db.host(), db.port());
    try (Connection c = new DbTarget("127.0.0.1", proxy.port(), db.database(), db.user(), db.password()).connect()) {
      proxy.close();
      assertFalse(c.isValid(2), "the connection through the proxy is gone");
    }
  }

  private static long timeSelect(Statement s) throws Exception {
    long t0 = System.nanoTime();
    try (ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
    }
    return (System.nanoTime() - t0) / 1_000_000;
  }
}
