package dev.dbrace.cli;


import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dbrace run}: one race, every stack on the same workload and load. */
@Command(name = "run", description = "Race stacks on one workload (embedded PostgreSQL unless --url).",
    mixinStandardHelpOptions = true, sortOptions = false)
final class RunCommand implements Callable<Integer> {
  static final String DEFAULT_STACKS = "jdbc-platform,jdbc-virtual,r2dbc,vertx";

  @Option(names = "--stacks", split = ",", defaultValue = DEFAULT_STACKS, description = "Stacks to race (default: ${DEFAULT-VALUE}).")
  List<String> stacks;

  @Option(names = "--workload", defaultValue = "point-select", description = "Workload (see dbrace list; default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--workload-opt", description = "Workload option key=value, e.g. sleep=0.5 for slow-mix.")
  Map<String, String> workloadOptions = new LinkedHashMap<>();

  @Option(names = "--load", defaultValue = "closed", description = "Load model: closed (default).")
  String load;

  @Option(names = "--executions", description = "Measured operations per stack (closed load).")
  Long executions;

  @Option(names = "--duration", converter = Durations.class, description = "Measured time per stack, e.g. 30s (default 10s unless --executions).")
  Long durationMs;

  @Option(names = "--concurrency", defaultValue = "64", description = "Operations in flight (default: ${DEFAULT-VALUE}).")
  int concurrency;

  @Option(names = "--pool", defaultValue = "16", description = "Connection pool size, the same for every stack (default: ${DEFAULT-VALUE}).")
  int pool;

  @Option(names = "--threads", defaultValue = "200", description = "Platform threads of jdbc-platform (default: ${DEFAULT-VALUE}, like Tomcat).")
  int threads;

  @Option(names = "--warmup", converter = Durations.class, defaultValue = "3s", description = "Warm-up per stack, excluded from figures (default: ${DEFAULT-VALUE}).")
  long warmupMs;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the parameter sequence (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--url", description = "Your PostgreSQL, e.g. postgresql://user@host:5432/db (password from PGPASSWORD or ~/.pgpass).")
  String url;

  @Option(names = "--out", description = "Results folder (default: results/<timestamp>-<workload>).")
  Path out;

  @Option(names = "--stack-opt", description = "Stack option stack.key=value, e.g. vertx-pipelined.pipeliningLimit=16.")
  Map<String, String> stackOptions = new LinkedHashMap<>();

  @Option(names = "--jvm-arg", description = "Extra argument for every worker JVM, e.g. -Xmx512m.")
  List<String> jvmArgs = new ArrayList<>();

  @Option(names = "--stall-timeout", converter = Durations.class, defaultValue = "60s", description = "Stop a run when no operation completes for this long (default: ${DEFAULT-VALUE}).")
  long stallTimeoutMs;

  @Option(names = "--run-timeout", converter = Durations.class, defaultValue = "30m", description = "Stop a run that takes longer than this (default: ${DEFAULT-VALUE}).")
  long runTimeoutMs;

  @Option(names = "--drain-timeout", converter = Durations.class, defaultValue = "30s", description = "Wait this long for in-flight operations at the end (default: ${DEFAULT-VALUE}).")
  long drainTimeoutMs;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    WorkloadSpec spec = workloadSpec();
    LoadModel model = loadModel();
    require(pool >= 1 && pool <= 1000, "--pool must be 1..1000, got " + pool);
    require(threads >= 1 && threads <= 10_000, "--threads must be 1..10000, got " + threads);
    require(warmupMs >= 0, "--warmup must be >= 0");
    StackCatalog catalog = StackCatalog.discover(Main.home());
    List<String> stackList = new ArrayList<>(new LinkedHashSet<>(stacks));
    stackList.forEach(catalog::get);
    Map<String, Map<String, String>> perStack = StackOptions.split(stackOptions, stackList);
    RaceSettings settings = new RaceSettings(stackList, spec, model, pool, concurrency, threads, warmupMs, seed,
        perStack, workerJvmArgs(), Path.of(System.getProperty("java.home"), "bin", "java"),
        stallTimeoutMs, runTimeoutMs, drainTimeoutMs);
    return RaceSession.run(settings, url, out, commandLine(commandSpec), tty());
  }

  private WorkloadSpec workloadSpec() {
    try {
      return Workloads.byName(workload, workloadOptions);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  private LoadModel loadModel() {
    if (!load.equals("closed")) {
      throw new UserError("unknown load model '" + load + "' (known: closed)");
    }
    require(executions == null || executions > 0, "--executions must be > 0");
    require(durationMs == null || durationMs > 0, "--duration must be > 0");
    require(executions == null || durationMs == null, "give --executions or --duration, not both");
    require(concurrency >= 1 && concurrency <= 100_000, "--concurrency must be 1..100000, got " + concurrency);
    long n = executions == null ? 0 : executions;
    long d = executions == null ? (durationMs == null ? 10_000 : durationMs) : 0;
    return new LoadModel.Closed(n, d, concurrency);
  }

  private List<String> workerJvmArgs() {
    List<String> args = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
    if (Runtime.version().feature() >= 23) {
      args.add("--sun-misc-unsafe-memory-access=allow"); // Netty 4.1 on JDK 24+ would warn on stderr
    }
    args.addAll(jvmArgs);
    return args;
  }

  static void require(boolean ok, String message) {
    if (!ok) {
      throw new UserError(message);
    }
  }

  private static boolean tty() {
    return "1".equals(System.getProperty("dbrace.tty"));
  }

  /** The command as typed, for rerunning; RaceSession redacts it once the password is known. */
  private static String commandLine(CommandSpec spec) {
    return "./dbrace run " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
  }

  static String timestamp() {
    return Instant.now().toString().replaceAll("[-:]", "").replace("T", "-").substring(0, 15);
  }
}
