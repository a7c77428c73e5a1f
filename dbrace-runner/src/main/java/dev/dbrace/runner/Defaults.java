package dev.dbrace.runner;

import dev.dbrace.core.run.WarmupRule;
import java.time.Duration;
import java.util.List;

/**
 * Every default and every limit of a race's settings, in one place and typed. A setting is the command line's when
 * given there, else a scenario file's, else the default here ({@code dev.dbrace.runner.inputs.RaceResolution} reads
 * them); the command line shows them in its help through a default-value provider that writes each as text, so none is
 * written twice. Every check of a bound, on the command line or in a scenario file, reads its bound here.
 */
public final class Defaults {
  private Defaults() {}

  // what races, and on what
  public static final List<String> STACKS = List.of("jdbc-platform", "jdbc-virtual", "r2dbc", "vertx");
  public static final String WORKLOAD = "point-select";
  public static final int POOL = 16;
  public static final int POOL_MAX = 1000;
  /** Platform threads of jdbc-platform, like Tomcat's. */
  public static final int THREADS = 200;
  public static final int THREADS_MAX = 10_000;
  public static final long SEED = 42;

  // the load
  /** closed or open: the load model's name as the command line and a scenario file write it. */
  public static final String LOAD = "closed";
  public static final int CONCURRENCY = 64;
  public static final int CONCURRENCY_MAX = 100_000;
  public static final int RATE_MAX = 10_000_000;
  public static final int MAX_IN_FLIGHT = 1024;
  public static final int MAX_IN_FLIGHT_LIMIT = 1_000_000;
  /** constant or poisson, as {@code LoadModel.Open} names its arrivals. */
  public static final String ARRIVAL = "constant";
  /** auto: until steady ({@link Warmups}), at most {@link #WARMUP_MAX}; in milliseconds, as every warm-up is. */
  public static final long WARMUP_MS = WarmupRule.AUTO;
  public static final Duration WARMUP_MAX = Duration.ofSeconds(60);
  /** The shortest --warmup-max: below it no run could show it is steady. */
  public static final long WARMUP_MAX_MIN_MS = 1_000;
  /**
   * run's measured time per run unless --duration or --executions: short, because every stack runs
   * {@link #RUN_ROUNDS} times and the warm-up, not the measured phase, is what must be long enough.
   */
  public static final Duration RUN_DURATION = Duration.ofSeconds(3);
  /** serve-race's measured time per run unless --duration or --executions. */
  public static final Duration SERVE_RACE_DURATION = Duration.ofSeconds(10);
  /**
   * Rounds of a run unless --rounds: the fewest on which the verdict tests a lead ({@code LeadTest.MIN_ROUNDS}); with
   * {@link #RUN_DURATION} of 3 s they keep the README's quick race near 4 minutes on 2 cores. A round is mostly
   * warm-up, and the round-to-round spread is the JVMs', not the measured phase's length (docs/decisions.md).
   */
  public static final int RUN_ROUNDS = 3;
  /** Rounds of a serve-race unless --rounds: as run's, the fewest on which a lead is tested. */
  public static final int SERVE_RACE_ROUNDS = 3;
  /** Rounds of each curve step unless --rounds. */
  public static final int CURVE_ROUNDS = 1;
  /** Most rounds accepted: more only lengthens a race whose spread is already known. */
  public static final int MAX_ROUNDS = 20;
  /** Most times an operation's statement list may repeat (a scenario file's {@code repeat}). */
  public static final int REPEAT_MAX = 10_000;

  // how a run is guarded
  public static final Duration STALL_TIMEOUT = Duration.ofSeconds(60);
  public static final Duration RUN_TIMEOUT = Duration.ofMinutes(30);
  public static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

  // curve and capacity
  public static final Duration CURVE_STEP = Duration.ofSeconds(10);
  public static final int CURVE_MAX_STEPS = 50;
  public static final Duration CAPACITY_STEP = Duration.ofSeconds(8);
  /**
   * capacity's --warmup-max (its --warmup is {@link #WARMUP_MS}, auto, like run's): a search runs some
   * fifteen fresh workers per stack, so run's 60 s cap could add a quarter of an hour per stack that
   * never settles. 30 s is twice the 10-20 s the reactive stacks take to go quiet on two busy cores
   * (docs/decisions.md), and keeps a four-stack search whose every run hits it near 40 minutes; a
   * run that hits it is measured anyway and said not settled in the capacity verdict.
   */
  public static final Duration CAPACITY_WARMUP_MAX = Duration.ofSeconds(30);
  /** Percent. */
  public static final int CAPACITY_PRECISION = 10;
  public static final int PRECISION_MIN = 1;
  public static final int PRECISION_MAX = 50;

  // the service level
  public static final RaceSettings.Level LEVEL = RaceSettings.Level.DRIVER;
  public static final String ENDPOINT = "/db";
  /** The remote stub's delay, milliseconds from MIN to MAX. */
  public static final int REMOTE_DELAY_MIN_MS = 1000;
  public static final int REMOTE_DELAY_MAX_MS = 3000;
  /** Connections an open load's generator gets unless --connections says: arrivals beyond them wait in the generator. */
  public static final int OPEN_CONNECTIONS = 256;
  /** The most connections a closed load's generator gets by default (one per operation in flight). */
  public static final int MAX_CLOSED_CONNECTIONS = 1024;
  public static final int CONNECTIONS_MAX = 10_000;
  /** How long the generator gives a request to be answered in full, unless --request-timeout says. */
  public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
  /** The longest --request-timeout: the longest latency a run records. */
  public static final long REQUEST_TIMEOUT_MAX_MS = 3_600_000;

  /**
   * The defaults that differ by racing command: the rounds unless --rounds, each run's measured time unless --duration or
   * --executions (curve's and capacity's: each step's, unless --step-duration) and the warm-up's cap unless --warmup-max.
   */
  public enum Command {
    RUN(RUN_ROUNDS, RUN_DURATION, WARMUP_MAX),
    SERVE_RACE(SERVE_RACE_ROUNDS, SERVE_RACE_DURATION, WARMUP_MAX),
    CURVE(CURVE_ROUNDS, CURVE_STEP, WARMUP_MAX),
    /** One round: each next rate of a capacity search comes from the last result, so rounds cannot be interleaved. */
    CAPACITY(1, CAPACITY_STEP, CAPACITY_WARMUP_MAX);

    private final int rounds;
    private final Duration measured;
    private final Duration warmupMax;

    Command(int rounds, Duration measured, Duration warmupMax) {
      this.rounds = rounds;
      this.measured = measured;
      this.warmupMax = warmupMax;
    }

    public int rounds() {
      return rounds;
    }

    /** A run's measured time, or a curve's or capacity search's step's. */
    public Duration measured() {
      return measured;
    }

    public Duration warmupMax() {
      return warmupMax;
    }

    /** The racing command called {@code name} (validate's defaults are run's, whose race it checks); null for another. */
    public static Command named(String name) {
      return switch (name) {
        case "run", "validate" -> RUN;
        case "serve-race" -> SERVE_RACE;
        case "curve" -> CURVE;
        case "capacity" -> CAPACITY;
        default -> null;
      };
    }
  }
}
