package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.IdleConnections;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdleConnectionsTest {

  private static RunRecord run(String stack, int round, LoadModel load, int pool, int open, int used) {
    return VerdictTest.run(stack, round, load, "ok", 1000, 2, 10, Tls.OFF, "settled").withSetup(pool, null)
        .withProbes(p -> p.withConnections(new RunRecord.Connections(open, used)));
  }

  @Test
  void namesTheStacksThatLeftConnectionsIdleInEveryRound() {
    LoadModel c64 = new LoadModel.Closed(0, 5_000, 64);
    List<RunRecord> runs = List.of(
        run("jdbc-platform", 1, c64, 8, 8, 8),
        run("vertx-pipelined", 1, c64, 8, 8, 2),
        run("vertx-pipelined", 2, c64, 8, 5, 3),
        run("vertx", 1, c64, 8, 8, 2), // one round idle, the other not: not named
        run("vertx", 2, c64, 8, 8, 8));
    assertEquals(Optional.of("Connections at work, as the server saw them: vertx-pipelined on 2-3 of its pool of 8"
        + " (8 opened) - the pool was equal, the connections carrying statements were not."), IdleConnections.sentence(runs));
  }

  @Test
  void fewerUsersThanConnectionsOrAnOpenLoopOrNoReadingIsNotIdleness() {
    assertTrue(IdleConnections.sentence(List.of(run("jdbc-platform", 1, new LoadModel.Closed(0, 5_000, 2), 8, 8, 2)))
        .isEmpty(), "two users keep two connections busy");
    assertTrue(IdleConnections.sentence(List.of(run("jdbc-platform", 1, new LoadModel.Open(100, 5_000, 64, "constant"),
        8, 8, 1))).isEmpty(), "an open loop's arrivals decide what is in flight");
    assertTrue(IdleConnections.sentence(List.of(VerdictTest.run("vertx", 1, 1000, 2, 10))).isEmpty(), "no reading");
  }
}
