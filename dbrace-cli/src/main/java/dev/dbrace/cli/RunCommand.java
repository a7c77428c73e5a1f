package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fault.FaultPlan;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dbrace run}: one race, every stack once on the same workload and load. */
@Command(name = "run", description = {"Race stacks on one workload at one load (embedded PostgreSQL, or Firebird with --engine firebird, "
    + "unless --url).",
    "The workload is a built-in one (--workload) or your own scenario file (docs/scenario-file.md): "
        + "./dbrace run examples/orders.yaml; options given here override the file's values."},
    mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = DefaultValues.class)
public final class RunCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml",
      description = "Your own workload as a scenario file (see docs/scenario-file.md).")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Mixin DatabaseOptions database;

  @Mixin StackOptions stacks;

  @Mixin LoadOptions loadOptions;

  @Mixin GuardOptions guards;

  @Mixin AgentOptions agents;

  @Option(names = "--faults", paramLabel = "SPEC", description = {
      "Inject faults into an open-loop run: KIND[=VALUE]@AT[+FOR], comma-separated, times from the start of the "
          + "measured phase, one fault at a time, e.g. kill-connections@2s,latency=50ms@4s+1s,restart@7s. Kinds: "
          + "kill-connections[@AT[+FOR]] (pg_terminate_backend of the stack's backends, again every 250 ms for FOR), "
          + "restart@AT (stop and start the embedded server; not with --url), latency=MS@AT+FOR and stall@AT+FOR "
          + "(through a TCP proxy between worker and database), exhaust[=N]@AT+FOR (N connections, default the pool, "
          + "sleep in the server and the ledger table is locked). The workload defaults to ledger (one insert per "
          + "operation), so every success is checked against the rows afterwards."})
  String faults;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    UserError.require(faults == null || (scenarioFile == null && race.scenario == null),
        "--faults is not for scenarios yet: it checks the built-in ledger workload's rows");
    RequestResolver resolver = new RequestResolver(commandSpec, scenarioFile, false);
    RacePlan.Fixed rounds = new RacePlan.Fixed(resolver.rounds());
    WorkloadSpec spec = resolver.workload(faults == null ? null : Workloads.LEDGER);
    LoadModel model = resolver.loadModel();
    FaultPlan plan = null;
    if (faults != null) {
      UserError.require(model instanceof LoadModel.Open, "--faults needs --load open: a closed loop slows down with "
          + "the stack, so a fault would hide in fewer arrivals instead of showing as errors and latency");
      UserError.require(resolver.engine() == Engine.POSTGRESQL, "--faults runs on PostgreSQL only");
      plan = FaultPlan.parse(faults, ((LoadModel.Open) model).durationMs(), resolver.url() == null);
    }
    RaceSettings settings = resolver.stackSettings(spec, model, resolver.concurrency(), resolver.warmup());
    agents.count(); // refuses a list of counts: that is curve's scale curve
    RunListener console = race.console();
    try (AgentOptions.Shared shared = agents.open(resolver.request(settings, rounds, null, plan), console::message)) {
      return RaceSession.run(shared.request(), console);
    }
  }

  static boolean tty() {
    return "1".equals(System.getProperty("dbrace.tty"));
  }

  /**
   * The command as typed, for rerunning; RaceSession redacts it once the password is known. The
   * arguments are the whole command line's (the subcommand's name among them), so they are not
   * prefixed with the name again (that would read {@code ./dbrace run run}).
   */
  static String commandLine(CommandSpec spec) {
    return String.join(" ", Stream.concat(Stream.of("./dbrace"),
        spec.root().commandLine().getParseResult().originalArgs().stream()).toList());
  }
}
