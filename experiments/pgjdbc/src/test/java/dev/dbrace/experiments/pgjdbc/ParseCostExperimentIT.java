package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.BadOptionException;
import dev.dbrace.core.experiment.ExperimentResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParseCostExperimentIT {
  @Test
  void theServerPlansTheUnpreparedStatementEveryTimeAndAlmostNeverOnReuseOfAPreparedOne() throws Exception {
    ExperimentResult r = Experiments.run(new ParseCostExperiment(), Map.of("executions", "10", "iterations", "1"));
    Map<String, Object> f = r.facts();
    System.err.println(r.finding());
    r.tables().forEach(t -> t.rows().forEach(System.err::println));
    assertTrue((int) f.get("sql_bytes") > 9_000, "the shipped statement is about 10 KiB");
    assertTrue((long) f.get("rows") > 0, r.finding());
    // the embedded server preloads pg_stat_statements and the test kit connects as a superuser
    assertEquals(true, f.get("pg_stat_statements"), r.finding());
    assertEquals(1.0, (double) f.get("unprepared.plans_per_execution"), 1e-9, "planned at every execution");
    double unpreparedPlan = (double) f.get("unprepared.plan_ms_per_execution");
    assertTrue(unpreparedPlan > 0, r.finding());
    // a generic plan from the start: planned once in 10 executions, then reused without planning
    assertEquals(1.0 / 10, (double) f.get("forced_generic.plans_per_execution"), 1e-9, r.finding());
    // plan_cache_mode auto: custom plans first, then (the lab data's costs favour it) the generic one, reused
    assertTrue((double) f.get("prepared.plans_per_execution") < 1.0, r.finding());
    // EXPLAIN's sample agrees: planning on reuse is a small fraction of planning anew
    assertTrue((double) f.get("unprepared.explain_planning_ms") > 0, r.finding());
    assertTrue((double) f.get("forced_generic.explain_planning_ms") < (double) f.get("unprepared.explain_planning_ms") / 5,
        r.finding());
  }

  @Test
  void aUsersFileAndItsArgumentsAreTakenAndAMismatchIsTheUsersError(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("mine.sql");
    Files.writeString(file, "-- a comment with a ? in it\nSELECT id, randomnumber FROM world WHERE id BETWEEN ? AND ?;\n");
    ExperimentResult r = Experiments.run(new ParseCostExperiment(),
        Map.of("sql", file.toString(), "args", "1, 10", "executions", "5", "iterations", "1"));
    assertEquals(10L, r.facts().get("rows"), r.finding());
    assertEquals(2, r.facts().get("parameters"));
    BadOptionException e = assertThrows(BadOptionException.class, () -> ParseCostExperiment.statement(file.toString(), "file"));
    assertTrue(e.getMessage().contains("2 ? placeholder(s) but 0 argument(s)"), e.getMessage());
    BadOptionException missing = assertThrows(BadOptionException.class,
        () -> ParseCostExperiment.statement(dir.resolve("none.sql").toString(), "file"));
    assertTrue(missing.getMessage().startsWith("--opt sql: no such file: "), missing.getMessage());
  }
}
