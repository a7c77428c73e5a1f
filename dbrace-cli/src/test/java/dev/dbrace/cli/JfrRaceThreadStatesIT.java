package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With --jfr a real worker records Flight Recorder data and the run says where its threads spent their time. */
public class JfrRaceThreadStatesIT {

  @Test
  void blockingStackShowsParkedThreadsAndSocketReads(@TempDir Path out) throws Exception {
    var base = Races.settings(List.of("jdbc-platform"), Workloads.byName("slow-mix", Map.of("sleep", "0.02", "fraction", "1")),
        new LoadModel.Closed(0, 2000, 16), 4, 300);
    var settings = base.toBuilder().jfr(true).build();
    RunRecord r = Races.run(settings, out, new RunListener() {}).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertNotNull(r.probes().jfr());
    assertTrue(Files.size(out.resolve(r.probes().jfr())) > 0);
    var t = r.probes().threadStates();
    assertNotNull(t);
    assertTrue(t.threads() >= 16, "the pool's threads were seen: " + t);
    // 16 operations in flight on 4 connections for 2 s: 4 threads in the database (socket reads,
    // ~20 ms each) and the other 12 waiting for a connection (parked) most of the time
    assertTrue(t.socketIoS() > 2, "connections' threads wait in socket reads: " + t);
    assertTrue(t.parkedS() > 10, "threads wait for a connection: " + t);
  }
}
