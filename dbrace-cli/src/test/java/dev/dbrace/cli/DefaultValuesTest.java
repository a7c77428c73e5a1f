package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.Defaults;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The racing commands' defaults come from the typed {@link Defaults} through {@link DefaultValues}: shown in --help,
 * and held by an option's field when it is not given (the text read back by the option's own converter). No database.
 */
class DefaultValuesTest {
  @Test
  void everyDefaultTheHelpNamesIsShown() {
    for (Object command : List.of(new RunCommand(), new ValidateCommand(), new ServeRaceCommand(), new CurveCommand(),
        new CapacityCommand(), new ServeCommand())) {
      String help = new CommandLine(command).getUsageMessage().replaceAll("\\s+", " ");
      assertFalse(help.contains("default: null"), help);
    }
    String capacity = new CommandLine(new CapacityCommand()).getUsageMessage().replaceAll("\\s+", " ");
    assertTrue(capacity.contains("marked not settled (default: 30s)"), "capacity's own warm-up cap: " + capacity);
    assertTrue(capacity.contains("Measured time per search step (default: 8s)"), capacity);
    String run = new CommandLine(new RunCommand()).getUsageMessage().replaceAll("\\s+", " ");
    assertTrue(run.contains("marked not settled (default: 60s)"), run);
    assertTrue(run.contains("Stacks to race (default: " + Defaults.STACKS.get(0) + ","), run);
    // each command's own measured time per run, as the race takes it
    assertTrue(run.contains("Measured time per run, e.g. 30s (default unless --executions: 3s)"), run);
    String serveRace = new CommandLine(new ServeRaceCommand()).getUsageMessage().replaceAll("\\s+", " ");
    assertTrue(serveRace.contains("Measured time per run, e.g. 30s (default unless --executions: 10s)"), serveRace);
  }

  @Test
  void notGivenAnOptionHoldsItsTypedDefault() {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs();
    assertEquals(Defaults.POOL, run.database.pool);
    assertEquals(Defaults.SEED, run.race.seed);
    assertEquals(Defaults.STACKS, run.stacks.stacks);
    assertEquals(Integer.toString(Defaults.THREADS), run.stacks.threads);
    assertEquals(Defaults.CONCURRENCY, run.loadOptions.concurrency);
    assertEquals(Defaults.WARMUP_MS, run.loadOptions.warmupMs);
    assertEquals(Defaults.MAX_IN_FLIGHT, run.loadOptions.open.maxInFlight);
    assertEquals(Defaults.STALL_TIMEOUT.toMillis(), run.guards.stallTimeoutMs);
    assertEquals(Defaults.RUN_TIMEOUT.toMillis(), run.guards.runTimeoutMs);
    assertEquals(Defaults.DRAIN_TIMEOUT.toMillis(), run.guards.drainTimeoutMs);
    assertEquals(Defaults.WARMUP_MAX.toMillis(), run.guards.warmupMaxMs);

    CapacityCommand capacity = new CapacityCommand();
    new CommandLine(capacity).parseArgs();
    assertEquals(Defaults.CAPACITY_WARMUP_MAX.toMillis(), capacity.guards.warmupMaxMs);
    assertEquals(Defaults.CAPACITY_STEP.toMillis(), capacity.stepMs);
    assertEquals(Defaults.CAPACITY_PRECISION, capacity.precisionPct);
    assertEquals(Defaults.LEVEL.name().toLowerCase(Locale.ROOT), capacity.service.level);

    CurveCommand curve = new CurveCommand();
    new CommandLine(curve).parseArgs();
    assertEquals(Defaults.CURVE_STEP.toMillis(), curve.stepMs);
    assertEquals(Defaults.WARMUP_MAX.toMillis(), curve.guards.warmupMaxMs);
  }
}
