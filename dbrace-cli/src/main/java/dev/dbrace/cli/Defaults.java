package dev.dbrace.cli;

/**
 * Every default and every limit of a race's settings, in one place. A setting is the command
 * line's when given there, else a scenario file's, else the default here ({@link RequestResolver});
 * the options' {@code defaultValue}s are these constants (picocli needs them as text), and every
 * check of a bound, on the command line or in a scenario file, reads its bound here.
 */
final class Defaults {
  private Defaults() {}

  // what races, and on what
  static final String STACKS = "jdbc-platform,jdbc-virtual,r2dbc,vertx";
  static final String WORKLOAD = "point-select";
  static final String POOL = "16";
  static final int POOL_MAX = 1000;
  /** Platform threads of jdbc-platform, like Tomcat's. */
  static final String THREADS = "200";
  static final int THREADS_MAX = 10_000;
  static final String SEED = "42";

  // the load
  static final String LOAD = "closed";
  static final String CONCURRENCY = "64";
  static final int CONCURRENCY_MAX = 100_000;
  static final int RATE_MAX = 10_000_000;
  static final String MAX_IN_FLIGHT = "1024";
  static final int MAX_IN_FLIGHT_LIMIT = 1_000_000;
  static final String ARRIVAL = "constant";
  /** Until steady ({@link WarmupConverter}), at most {@link #WARMUP_MAX}. */
  static final String WARMUP = "auto";
  static final String WARMUP_MAX = "60s";
  /** The shortest --warmup-max: below it no run could show it is steady. */
  static final long WARMUP_MAX_MIN_MS = 1_000;
  /**
   * run's measured time per run unless --duration or --executions: short, because every stack runs
   * {@link #RUN_ROUNDS} times and the warm-up, not the measured phase, is what must be long enough.
   */
  static final long RUN_DURATION_MS = 5_000;
  /** serve-race's measured time per run unless --duration or --executions. */
  static final long SERVE_RACE_DURATION_MS = 10_000;
  /** Rounds of a run unless --rounds: two show whether a lead holds, and keep the quick race near two minutes. */
  static final int RUN_ROUNDS = 2;
  /** Rounds of each curve step unless --rounds. */
  static final int CURVE_ROUNDS = 1;
  /** Most rounds accepted: more only lengthens a race whose spread is already known. */
  static final int MAX_ROUNDS = 20;
  /** Most times an operation's statement list may repeat (a scenario file's {@code repeat}). */
  static final int REPEAT_MAX = 10_000;

  // how a run is guarded
  static final String STALL_TIMEOUT = "60s";
  static final String RUN_TIMEOUT = "30m";
  static final String DRAIN_TIMEOUT = "30s";

  // curve and capacity
  static final String CURVE_STEP = "10s";
  static final int CURVE_MAX_STEPS = 50;
  static final String CAPACITY_STEP = "8s";
  static final String CAPACITY_WARMUP = "2s";
  static final String CAPACITY_CONCURRENCY = CONCURRENCY;
  static final String CAPACITY_PRECISION = "10";
  static final int PRECISION_MIN = 1;
  static final int PRECISION_MAX = 50;

  // the service level
  static final String LEVEL = "driver";
  static final String ENDPOINT = "/db";
  static final String REMOTE_DELAY = "1000-3000";
  /** Connections an open load's generator gets unless --connections says: arrivals beyond them wait in the generator. */
  static final int OPEN_CONNECTIONS = 256;
  /** The most connections a closed load's generator gets by default (one per operation in flight). */
  static final int MAX_CLOSED_CONNECTIONS = 1024;
  static final int CONNECTIONS_MAX = 10_000;
}
