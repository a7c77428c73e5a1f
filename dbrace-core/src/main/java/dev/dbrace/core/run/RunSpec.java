package dev.dbrace.core.run;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.load.Share;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.SslMode;
import dev.dbrace.core.workload.WorkloadSpec;
import java.util.Map;

/**
 * Runner to worker: everything one run needs, as JSON on the worker's stdin, in four parts: where
 * the database is, how the stack is set up, the load to put on it and the files the worker writes.
 * It holds no password: the worker reads that from the environment variable {@link #PASSWORD_ENV},
 * so it appears neither in files nor in the process list.
 *
 * @param runId the run's id, for the worker's log lines
 * @param stack the stack's name, as its provider knows it
 */
public record RunSpec(String runId, String stack, Endpoint endpoint, Setup setup, LoadPlan plan, LogFiles files) {

  public static final String PASSWORD_ENV = "DBRACE_PGPASSWORD";

  /** This run as agent {@code part}'s share of it, held for the runner's go ({@link LoadPlan#sharedAs}). */
  public RunSpec sharedAs(Share part) {
    return new RunSpec(runId, stack, endpoint, setup, plan.sharedAs(part), files);
  }

  /**
   * The database, as the worker reaches it (at a fault run, through the fault proxy).
   *
   * @param engine the database engine; absent (null) in JSON means PostgreSQL
   * @param sslMode how the stack negotiates TLS on PostgreSQL (null there means libpq's default,
   *     prefer); null on the other engines
   * @param sslRootCert root certificate file for verify-ca/verify-full, or null for the driver's default
   */
  public record Endpoint(String host, int port, String database, String user, Engine engine, SslMode sslMode,
      String sslRootCert) {
    public Endpoint {
      engine = engine == null ? Engine.POSTGRESQL : engine;
    }
  }

  /**
   * How the stack is set up.
   *
   * @param applicationName the connections' application_name, by which the runner finds them on the server
   */
  public record Setup(int pool, int threads, Map<String, String> stackOptions, String applicationName) {
    public Setup {
      stackOptions = Map.copyOf(stackOptions);
    }
  }

  /**
   * The load and its phases.
   *
   * @param warmupMs a fixed warm-up, 0 for none, or {@link WarmupRule#AUTO}: until steady
   * @param warmupMaxMs with {@link WarmupRule#AUTO}: the cap on warm-up
   * @param drainTimeoutMs how long operations still in flight at the end are waited for
   * @param share which part of a run that agents share this worker drives ({@code load} is then that part, {@link
   *     Share#part}); absent (null) in JSON means the whole run
   * @param held whether the worker, once its warm-up rule ends warm-up, says {@code settled} and keeps its warm-up load
   *     on until the runner's {@code measure}: a shared run's measured phase starts on every agent at once
   */
  public record LoadPlan(WorkloadSpec workload, LoadModel load, long warmupMs, long warmupMaxMs, long seed,
      long progressIntervalMs, long drainTimeoutMs, Share share, boolean held) {

    public LoadPlan {
      share = share == null ? Share.WHOLE : share;
    }

    /** The whole run on one box, its measured phase started by the worker's own warm-up rule. */
    public LoadPlan(WorkloadSpec workload, LoadModel load, long warmupMs, long warmupMaxMs, long seed,
        long progressIntervalMs, long drainTimeoutMs) {
      this(workload, load, warmupMs, warmupMaxMs, seed, progressIntervalMs, drainTimeoutMs, Share.WHOLE, false);
    }

    /** The same plan as an agent's part {@code part} of a shared run, held for the runner's go. */
    public LoadPlan sharedAs(Share part) {
      return new LoadPlan(workload, part.part(load), warmupMs, warmupMaxMs, seed, progressIntervalMs, drainTimeoutMs,
          part, true);
    }
  }

  /**
   * What the worker writes.
   *
   * @param hlogPath where the worker writes its HdrHistogram interval log
   * @param successLogPath null, or where the worker appends the index of every operation its open loop
   *     counted successful (fault runs compare them with the database's ledger rows)
   */
  public record LogFiles(String hlogPath, String successLogPath) {}
}
