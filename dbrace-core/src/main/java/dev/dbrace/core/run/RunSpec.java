package dev.dbrace.core.run;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.WorkloadSpec;
import java.util.Map;

/**
 * Runner to worker: everything one run needs, as JSON on the worker's stdin. It holds no
 * password: the worker reads that from the environment variable {@link #PASSWORD_ENV}, so it
 * appears neither in files nor in the process list.
 *
 * @param hlogPath where the worker writes its HdrHistogram interval log
 * @param successLogPath null, or where the worker appends the index of every operation its open loop
 *     counted successful (fault runs compare them with the database's ledger rows)
 * @param engine the database engine; absent (null) in JSON means PostgreSQL
 * @param sslMode how the stack negotiates TLS on PostgreSQL (null there means libpq's default,
 *     prefer); null on the other engines
 * @param sslRootCert root certificate file for verify-ca/verify-full, or null for the driver's default
 * @param warmupMs a fixed warm-up, 0 for none, or {@link WarmupRule#AUTO}: until steady
 * @param warmupMaxMs with {@link WarmupRule#AUTO}: the cap on warm-up
 */
public record RunSpec(
    String runId,
    String stack,
    WorkloadSpec workload,
    LoadModel load,
    long warmupMs,
    long seed,
    String host,
    int port,
    String database,
    String user,
    int pool,
    int threads,
    Map<String, String> stackOptions,
    String applicationName,
    String hlogPath,
    long progressIntervalMs,
    long drainTimeoutMs,
    String successLogPath,
    Engine engine,
    dev.dbrace.core.spi.SslMode sslMode,
    String sslRootCert,
    long warmupMaxMs) {

  public static final String PASSWORD_ENV = "DBRACE_PGPASSWORD";

  public RunSpec {
    stackOptions = Map.copyOf(stackOptions);
    engine = engine == null ? Engine.POSTGRESQL : engine;
  }

  /** A run on {@code engine} with libpq's default TLS mode on PostgreSQL. */
  public RunSpec(String runId, String stack, WorkloadSpec workload, LoadModel load, long warmupMs, long seed,
      String host, int port, String database, String user, int pool, int threads, Map<String, String> stackOptions,
      String applicationName, String hlogPath, long progressIntervalMs, long drainTimeoutMs, String successLogPath,
      Engine engine) {
    this(runId, stack, workload, load, warmupMs, seed, host, port, database, user, pool, threads, stackOptions,
        applicationName, hlogPath, progressIntervalMs, drainTimeoutMs, successLogPath, engine, null, null, 0);
  }

  /** A run on PostgreSQL without a success log. */
  public RunSpec(String runId, String stack, WorkloadSpec workload, LoadModel load, long warmupMs, long seed,
      String host, int port, String database, String user, int pool, int threads, Map<String, String> stackOptions,
      String applicationName, String hlogPath, long progressIntervalMs, long drainTimeoutMs) {
    this(runId, stack, workload, load, warmupMs, seed, host, port, database, user, pool, threads, stackOptions,
        applicationName, hlogPath, progressIntervalMs, drainTimeoutMs, null, Engine.POSTGRESQL, null, null, 0);
  }
}
