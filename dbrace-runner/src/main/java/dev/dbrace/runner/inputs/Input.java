package dev.dbrace.runner.inputs;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One setting a race's inputs may give, a key of {@link RaceInputs}, named by its command-line option (a scenario
 * file's keys for the same settings are in docs/scenario-file.md). Durations are milliseconds, as the engine takes them;
 * a warm-up is {@code WarmupRule.AUTO} for auto. The constants are every input there is. Immutable.
 *
 * @param <T> the value's type; a list's or a map's elements are not checked
 */
public final class Input<T> {
  private static final Map<String, Input<?>> BY_OPTION = new LinkedHashMap<>();

  // the database
  public static final Input<String> URL = of("--url", String.class);
  /** As typed: postgresql, mariadb, firebird (serve-race also takes both). */
  public static final Input<String> ENGINE = of("--engine", String.class);
  public static final Input<Integer> POOL = of("--pool", Integer.class);
  public static final Input<Integer> DB_CPUS = of("--db-cpus", Integer.class);

  // what races
  /** A scenario shipped with dbrace, by name. */
  public static final Input<String> SCENARIO = of("--scenario", String.class);
  public static final Input<List<String>> STACKS = of("--stacks", List.class);
  public static final Input<String> WORKLOAD = of("--workload", String.class);
  public static final Input<Map<String, String>> WORKLOAD_OPTIONS = of("--workload-opt", Map.class);
  /** {@code stack.key=value} as typed, split per stack by {@link StackChecks#stackOptions}. */
  public static final Input<Map<String, String>> STACK_OPTIONS = of("--stack-opt", Map.class);
  /** A number or {@code elastic}, as typed. */
  public static final Input<String> THREADS = of("--threads", String.class);
  public static final Input<Boolean> JFR = of("--jfr", Boolean.class);
  public static final Input<Boolean> AOT = of("--aot", Boolean.class);
  public static final Input<List<String>> SERVICES = of("--services", List.class);
  public static final Input<String> ENDPOINT = of("--endpoint", String.class);
  public static final Input<Long> SEED = of("--seed", Long.class);

  // the load
  /** closed or open, as typed. */
  public static final Input<String> LOAD = of("--load", String.class);
  public static final Input<Double> RATE = of("--rate", Double.class);
  public static final Input<Integer> CONCURRENCY = of("--concurrency", Integer.class);
  public static final Input<Long> EXECUTIONS = of("--executions", Long.class);
  public static final Input<Long> DURATION = of("--duration", Long.class);
  public static final Input<Long> WARMUP = of("--warmup", Long.class);
  public static final Input<Integer> ROUNDS = of("--rounds", Integer.class);
  public static final Input<Integer> MAX_IN_FLIGHT = of("--max-in-flight", Integer.class);
  public static final Input<String> ARRIVAL = of("--arrival", String.class);
  public static final Input<List<LoadModel.Spike>> SPIKES = of("--spike", List.class);
  public static final Input<Race.Sla> SLA = of("--sla", Race.Sla.class);

  // how a run is guarded, and where the results go
  public static final Input<Long> STALL_TIMEOUT = of("--stall-timeout", Long.class);
  public static final Input<Long> RUN_TIMEOUT = of("--run-timeout", Long.class);
  public static final Input<Long> DRAIN_TIMEOUT = of("--drain-timeout", Long.class);
  public static final Input<Long> WARMUP_MAX = of("--warmup-max", Long.class);
  public static final Input<Long> REQUEST_TIMEOUT = of("--request-timeout", Long.class);
  public static final Input<List<String>> JVM_ARGS = of("--jvm-arg", List.class);
  public static final Input<Path> OUT = of("--out", Path.class);

  private final String option;
  private final Class<?> type;

  private Input(String option, Class<?> type) {
    this.option = option;
    this.type = type;
  }

  private static <T> Input<T> of(String option, Class<?> type) {
    Input<T> input = new Input<>(option, type);
    BY_OPTION.put(option, input);
    return input;
  }

  /** The input the command-line option {@code option} (its longest name) gives; null for an option that is none. */
  public static Input<?> byOption(String option) {
    return BY_OPTION.get(option);
  }

  /** Every input, in the order declared. */
  public static List<Input<?>> all() {
    return List.copyOf(BY_OPTION.values());
  }

  /** {@code value} as this input's; a value of another type is a programming error, never the user's. */
  @SuppressWarnings("unchecked")
  T cast(Object value) {
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException(option + " takes a " + type.getSimpleName() + ", not " + value.getClass().getName());
    }
    return (T) value;
  }

  /** The option's name, which the errors about it use. */
  @Override
  public String toString() {
    return option;
  }
}
