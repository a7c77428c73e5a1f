package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A worker that dies or hangs is reported, and the race goes on and keeps what it measured. */
public class WorkerFailureReportedIT {

  @Test
  void killedWorkerIsReportedAndTheRaceContinues(@TempDir Path out) throws Exception {
    AtomicBoolean killed = new AtomicBoolean();
    RunListener killer = new RunListener() {
      @Override
      public void progress(String stack, String phase, long ops, long errors, double elapsedS) {
        if (stack.equals("jdbc-platform") && ops > 0 && killed.compareAndSet(false, true)) {
          ProcessHandle.current().children()
              .filter(p -> p.info().commandLine().orElse("").contains("WorkerMain"))
              .forEach(ProcessHandle::destroyForcibly);
        }
      }
    };
    var settings = Races.settings(List.of("jdbc-platform", "vertx"), Workloads.byName("point-select", Map.of()),
        new LoadModel.Closed(0, 3000, 8), 4, 200);
    List<RunRecord> runs = Races.run(settings, out, killer);
    assertTrue(killed.get(), "the worker was killed");
    assertEquals("crashed", runs.get(0).status().label());
    assertTrue(runs.get(0).message().contains("exited"), runs.get(0).message());
    assertEquals("ok", runs.get(1).status().label());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals("crashed", race.path("runs").get(0).path("status").asText());
    assertTrue(race.path("runs").get(1).path("ops").asLong() > 0);
  }

  @Test
  void stalledWorkerIsStoppedAndReportedAsHung(@TempDir Path out) throws Exception {
    // every operation sleeps 8 s in the database and the stall timeout is 2 s
    var workload = Workloads.byName("slow-mix", Map.of("sleep", "8", "fraction", "1"));
    var base = Races.settings(List.of("vertx"), workload, new LoadModel.Closed(0, 20_000, 4), 4, 0);
    var settings = base.toBuilder().guards(new RaceSettings.Guards(2_000, base.guards().runTimeoutMs(), 1_000, 0)).build();
    List<RunRecord> runs = Races.run(settings, out, new RunListener() {});
    RunRecord r = runs.get(0);
    assertEquals("hung", r.status().label(), r.message());
    assertTrue(r.message().contains("no operation completed"), r.message());
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
    assertTrue(r.result().unfinished() > 0, "operations still in the database are reported unfinished");
  }

  @Test
  void workerThatIgnoresStopIsKilledAndReported(@TempDir Path out) throws Exception {
    // SIGSTOP freezes the worker mid-run: no progress, and the stop request goes unanswered
    AtomicBoolean frozen = new AtomicBoolean();
    Set<ProcessHandle> workers = ConcurrentHashMap.newKeySet();
    RunListener freezer = new RunListener() {
      @Override
      public void progress(String stack, String phase, long ops, long errors, double elapsedS) {
        if (ops > 0 && frozen.compareAndSet(false, true)) {
          ProcessHandle.current().children()
              .filter(p -> p.info().commandLine().orElse("").contains("WorkerMain"))
              .forEach(p -> {
                workers.add(p);
                try {
                  new ProcessBuilder("kill", "-STOP", Long.toString(p.pid())).start().waitFor();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
        }
      }
    };
    var base = Races.settings(List.of("vertx"), Workloads.byName("point-select", Map.of()),
        new LoadModel.Closed(0, 60_000, 4), 4, 0);
    var settings = base.toBuilder().guards(new RaceSettings.Guards(2_000, base.guards().runTimeoutMs(), 1_000, 0)).build();
    long t0 = System.nanoTime();
    List<RunRecord> runs = Races.run(settings, out, freezer);
    double took = (System.nanoTime() - t0) / 1e9;
    assertTrue(frozen.get() && !workers.isEmpty(), "the worker was frozen");
    RunRecord r = runs.get(0);
    assertEquals("hung", r.status().label(), r.message());
    assertTrue(r.message().contains("no operation completed") && r.message().contains("killed"), r.message());
    workers.forEach(w -> assertTrue(!w.isAlive(), "the frozen worker " + w.pid() + " is gone"));
    // stall 2 s + drain 1 s + 15 s grace + up to 5 s between SIGTERM and SIGKILL, plus the JVM's start
    assertTrue(took < 45, "killed in " + took + " s");
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals("hung", race.path("runs").get(0).path("status").asText());
  }
}
