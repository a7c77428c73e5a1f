package dev.dbrace.runner;


/**
 * Every default and every limit of a race's settings, in one place. A setting is the command
 * line's when given there, else a scenario file's, else the default here (the command line's resolver);
 * the options' {@code defaultValue}s are these constants (picocli needs them as text), and every
 * check of a bound, on the command line or in a scenario file, reads its bound here.
 */
public final class Defaults {
  private Defaults() {}

  // what races, and on what
  public static final String STACKS = "jdbc-platform,jdbc-virtual,r2dbc,vertx";
  public static final String WORKLOAD = "point-select";
  public static final String POOL = "16";
  public static final int POOL_MAX = 1000;
  /** Platform threads of jdbc-platform, like Tomcat's. */
  public static final String THREADS = "200";
  public static final int THREADS_MAX = 10_000;
  public static final String SEED = "42";

  // the load
  public static final String LOAD = "closed";
  public static final String CONCURRENCY = "64";
  public static final int CONCURRENCY_MAX = 100_000;
  public static final int RATE_MAX = 10_000_000;
  public static final String MAX_IN_FLIGHT = "1024";
  public static final int MAX_IN_FLIGHT_LIMIT = 1_000_000;
  public static final String ARRIVAL = "constant";
  /** Until steady ({@link Warmups}), at most {@link #WARMUP_MAX}. */
  public static final String WARMUP = "auto";
  public static final String WARMUP_MAX = "60s";
  /** The shortest --warmup-max: below it no run could show it is steady. */
  public static final long WARMUP_MAX_MIN_MS = 1_000;
  /**
   * run's measured time per run unless --duration or --executions: short, because every stack runs
   * {@link #RUN_ROUNDS} times and the warm-up, not the measured phase, is what must be long enough.
   */
  public static final long RUN_DURATION_MS = 3_000;
  /** serve-race's measured time per run unless --duration or --executions. */
  public static final long SERVE_RACE_DURATION_MS = 10_000;
  /**
   * Rounds of a run unless --rounds: the fewest on which the verdict tests a lead ({@code LeadTest.MIN_ROUNDS}); with
   * {@link #RUN_DURATION_MS} of 3 s they keep the README's quick race near 4 minutes on 2 cores (a round of the four
   * default stacks took 60-90 s, most of it warm-up; the round-to-round spread at 3 s, 6-9 % of throughput, is the
   * JVMs', not the measured phase's length).
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
  public static final String STALL_TIMEOUT = "60s";
  public static final String RUN_TIMEOUT = "30m";
  public static final String DRAIN_TIMEOUT = "30s";

  // curve and capacity
  public static final String CURVE_STEP = "10s";
  public static final int CURVE_MAX_STEPS = 50;
  public static final String CAPACITY_STEP = "8s";
  /**
   * capacity's --warmup-max (its --warmup is {@link #WARMUP}, auto, like run's): a search runs some
   * fifteen fresh workers per stack, so run's 60 s cap could add a quarter of an hour per stack that
   * never settles. 30 s is twice the 10-20 s the reactive stacks take to go quiet on two busy cores
   * (docs/decisions.md), and keeps a four-stack search whose every run hits it near 40 minutes; a
   * run that hits it is measured anyway and said not settled in the capacity verdict.
   */
  public static final String CAPACITY_WARMUP_MAX = "30s";
  public static final String CAPACITY_CONCURRENCY = CONCURRENCY;
  public static final String CAPACITY_PRECISION = "10";
  public static final int PRECISION_MIN = 1;
  public static final int PRECISION_MAX = 50;

  // the service level
  public static final String LEVEL = "driver";
  public static final String ENDPOINT = "/db";
  public static final String REMOTE_DELAY = "1000-3000";
  /** Connections an open load's generator gets unless --connections says: arrivals beyond them wait in the generator. */
  public static final int OPEN_CONNECTIONS = 256;
  /** The most connections a closed load's generator gets by default (one per operation in flight). */
  public static final int MAX_CLOSED_CONNECTIONS = 1024;
  public static final int CONNECTIONS_MAX = 10_000;
  /** How long the generator gives a request to be answered in full, unless --request-timeout says (as before it was an option). */
  public static final String REQUEST_TIMEOUT = "30s";
  /** The longest --request-timeout: the longest latency a run records. */
  public static final long REQUEST_TIMEOUT_MAX_MS = 3_600_000;
}
