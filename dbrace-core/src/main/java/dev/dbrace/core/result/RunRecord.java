package dev.dbrace.core.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.run.PartSums;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * One run as written to race.json: which run it was and how it ended, then, nested, the worker's
 * own figures ({@link WorkerResult}, as the worker sent them), what the runner measured from
 * outside (the process, the server) and what each of the run's probes added ({@link Probes}).
 * Only ok runs have figures; a run without them holds {@link WorkerResult#none()}.
 *
 * <p>In race.json the worker's and the probes' figures sit beside the run's own fields, as they
 * always have ({@link RunRecordReader} reads them back; the worker's {@code total_statements} is
 * {@code server.client_statements} there).
 *
 * @param load the load model in one line; {@code loadModel} is the same, structured
 * @param purpose why the run was made: {@code race}, {@code curve}, {@code probe} (the closed-loop
 *     run a capacity search starts from) or {@code capacity} (a step of the search)
 * @param step the run's position in its stack's series (0 for a plain race)
 * @param round which round of the race this run belongs to (1-based; {@code --rounds}); 0 in
 *     results written before rounds existed
 * @param pool the run's connection pool size: the race's, or a {@code curve --pools} step's; absent in
 *     results written before runs recorded it, and at the service level (the service's own)
 * @param threads the run's platform threads for the stacks with a fixed pool: the race's {@code --threads},
 *     or a {@code curve --threads} step's; 0 for {@code --threads elastic}; null as for {@code pool}
 * @param result the worker's figures; its error samples are redacted, and a service run's versions
 *     are the service's beside the generator's. Open loop: {@code latencyMs} from each operation's
 *     intended start (its arrival time), so queueing shows; closed loop: from issue
 * @param process the measured process: the stack's worker, or at the service level the service's process
 * @param generator at the service level only: the HTTP load generator's worker, measured the same way
 */
@JsonDeserialize(using = RunRecordReader.class)
public record RunRecord(
    String stack,
    String workload,
    String load,
    LoadModel loadModel,
    String purpose,
    int step,
    int round,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer pool,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer threads,
    RunStatus status,
    String message,
    List<String> stderrTail,
    @JsonUnwrapped @JsonIgnoreProperties("total_statements") WorkerResult result,
    ProcessFigures process,
    ServerFigures server,
    String hlog,
    double wallS,
    ProcessFigures generator,
    @JsonUnwrapped Probes probes) {

  public RunRecord {
    result = result == null ? WorkerResult.none() : result;
    probes = probes == null ? Probes.NONE : probes;
  }

  public boolean ok() {
    return status == RunStatus.OK;
  }

  /** How many agents shared the run ({@code --agents}); null for a run on one box. */
  public Integer sharedBy() {
    return probes == null || probes.agents() == null || probes.agents().isEmpty() ? null : probes.agents().size();
  }

  /** A run without its pool and threads recorded (as runs were before they were; {@link #withSetup} adds them). */
  public RunRecord(String stack, String workload, String load, LoadModel loadModel, String purpose, int step, int round,
      RunStatus status, String message, List<String> stderrTail, WorkerResult result, ProcessFigures process,
      ServerFigures server, String hlog, double wallS, ProcessFigures generator, Probes probes) {
    this(stack, workload, load, loadModel, purpose, step, round, null, null, status, message, stderrTail, result, process,
        server, hlog, wallS, generator, probes);
  }

  /** A run without figures: the stack failed to start, the worker crashed or hung, or Ctrl-C. */
  public static RunRecord withoutFigures(String stack, String workload, LoadModel load, String purpose, int step,
      int round, RunStatus status, String message, List<String> stderrTail, ServerFigures server, double wallS) {
    return new RunRecord(stack, workload, load.describe(), load, purpose, step, round, status, message, stderrTail,
        null, null, server, null, wallS, null, null);
  }

  /** The same run with other worker figures (a service run's versions: the service's own beside the generator's). */
  public RunRecord withResult(WorkerResult r) {
    return new RunRecord(stack, workload, load, loadModel, purpose, step, round, pool, threads, status, message, stderrTail, r,
        process, server, hlog, wallS, generator, probes);
  }

  /** The same run with the server's figures (null where they could not be read). */
  public RunRecord withServer(ServerFigures s) {
    return new RunRecord(stack, workload, load, loadModel, purpose, step, round, pool, threads, status, message, stderrTail, result,
        process, s, hlog, wallS, generator, probes);
  }

  /** The same run with what a probe added ({@code change} of the probes' figures so far). */
  public RunRecord withProbes(UnaryOperator<Probes> change) {
    return new RunRecord(stack, workload, load, loadModel, purpose, step, round, pool, threads, status, message, stderrTail, result,
        process, server, hlog, wallS, generator, change.apply(probes));
  }

  /** The same run with the pool and threads it ran with (null where they do not apply). */
  public RunRecord withSetup(Integer runPool, Integer runThreads) {
    return new RunRecord(stack, workload, load, loadModel, purpose, step, round, runPool, runThreads, status, message,
        stderrTail, result, process, server, hlog, wallS, generator, probes);
  }

  /** The offered rate of an open-loop run, else null. */
  public Double offeredRate() {
    return loadModel instanceof LoadModel.Open o ? o.rate() : null;
  }

  /** Errors plus operations never issued, over everything that was due: what an SLA counts. */
  public double errorRate() {
    long due = result.issued() + result.notIssued();
    return due == 0 ? 0 : (double) (result.errors() + result.unfinished() + result.notIssued()) / due;
  }

  /**
   * What the run's optional probes measured; each null when its probe did not run (or could not read).
   *
   * @param jfr with {@code --jfr}: the Flight Recorder file, relative to the results folder
   * @param threadStates with {@code --jfr}: where the worker's threads spent their time
   * @param faults with {@code --faults} only: what was injected, the recovery after each fault and the ledger check
   * @param tls whether the run's database connections used TLS, as the server saw them
   *     (pg_stat_ssl); null where it could not be read
   * @param spikes with {@code --spike} only: each spike's window, peak p99, recovery and what was dropped
   * @param connections how many of the run's database connections carried its statements, as the server saw them
   *     (pg_stat_activity); null where it could not be read (results written before it was)
   * @param serverCpu the database server's processes' CPU over the measured phase, where the server runs on this
   *     machine; null elsewhere (a remote server, another engine) and in results written before it was read
   * @param runnerCpu dbrace's own runner JVM's CPU over the measured phase (the worker's and the server's not in it):
   *     what the harness took from the machine beside them; null in results written before it was read
   * @param agents a run that agents shared ({@code --agents}): each agent's own part, its figures and host; the run's
   *     figures are their merge; absent for a run on one box
   * @param aot with {@code --aot}: whether the worker JVM trained or used JDK 25's ahead-of-time cache; absent without
   */
  public record Probes(String jfr, ThreadStates threadStates, Faults faults, Tls tls,
      @JsonInclude(JsonInclude.Include.NON_NULL) Spikes spikes,
      @JsonInclude(JsonInclude.Include.NON_NULL) Connections connections,
      @JsonInclude(JsonInclude.Include.NON_NULL) ProcessCpu serverCpu,
      @JsonInclude(JsonInclude.Include.NON_NULL) ProcessCpu runnerCpu,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AgentPart> agents,
      @JsonInclude(JsonInclude.Include.NON_NULL) Aot aot) {
    public static final Probes NONE = new Probes(null, null, null, null, null, null, null, null, null, null);

    /** Probes of a run without spikes, a connections reading or CPU readings beside the worker's. */
    public Probes(String jfr, ThreadStates threadStates, Faults faults, Tls tls) {
      this(jfr, threadStates, faults, tls, null, null, null, null, null, null);
    }

    public Probes withAgents(List<AgentPart> parts) {
      return new Probes(jfr, threadStates, faults, tls, spikes, connections, serverCpu, runnerCpu, parts, aot);
    }

    public Probes withJfr(String file, ThreadStates states) {
      return new Probes(file, states, faults, tls, spikes, connections, serverCpu, runnerCpu, agents, aot);
    }

    public Probes withFaults(Faults f) {
      return new Probes(jfr, threadStates, f, tls, spikes, connections, serverCpu, runnerCpu, agents, aot);
    }

    public Probes withTls(Tls t) {
      return new Probes(jfr, threadStates, faults, t, spikes, connections, serverCpu, runnerCpu, agents, aot);
    }

    public Probes withSpikes(Spikes s) {
      return new Probes(jfr, threadStates, faults, tls, s, connections, serverCpu, runnerCpu, agents, aot);
    }

    public Probes withConnections(Connections c) {
      return new Probes(jfr, threadStates, faults, tls, spikes, c, serverCpu, runnerCpu, agents, aot);
    }

    public Probes withServerCpu(ProcessCpu c) {
      return new Probes(jfr, threadStates, faults, tls, spikes, connections, c, runnerCpu, agents, aot);
    }

    public Probes withAot(Aot a) {
      return new Probes(jfr, threadStates, faults, tls, spikes, connections, serverCpu, runnerCpu, agents, a);
    }

    public Probes withRunnerCpu(ProcessCpu c) {
      return new Probes(jfr, threadStates, faults, tls, spikes, connections, serverCpu, c, agents, aot);
    }
  }

  /**
   * How the worker JVM started with {@code --aot} (JDK 25's ahead-of-time cache: classes loaded and linked and method
   * profiles recorded by an earlier run of the same stack, workload and classpath).
   *
   * @param mode {@code used} (started from the cache), {@code trained} (no cache yet: this run recorded one, written
   *     when the worker exited) or {@code off} (the cache could not apply to this run; {@code reason} says why)
   * @param cache the cache file's name under dbrace's cache folder; null when off
   * @param reason why the cache did not apply, or why a training run left no cache; null otherwise
   */
  public record Aot(String mode, String cache, String reason) {
    public static final String USED = "used";
    public static final String TRAINED = "trained";
    public static final String OFF = "off";
  }

  /**
   * A process's CPU over the measured phase, read from /proc at the same moments as the worker's
   * ({@link ProcessFigures}). The database server's: the postmaster and every process it started (backends, background
   * workers), those that ended in between included; on a machine the client and the server share, CPU the client
   * spends is CPU the server does not get: with the client's CPU per operation, this is what one operation cost the
   * machine. The runner's: dbrace's own JVM beside the worker (its probes, the worker's progress), CPU neither got.
   *
   * @param cpuMsPer1kOps (user + sys) per 1,000 operations the worker completed in the phase, as the worker's own
   * @param cpuPercent (user + sys) over the measured window's wall seconds (until it closed, the drain of the
   *     operations still in flight not included, as the worker's own), in % (100 = one core busy)
   */
  public record ProcessCpu(double cpuUserS, double cpuSysS,
      @JsonProperty("cpu_ms_per_1k_ops") double cpuMsPer1kOps, double cpuPercent) {}

  /**
   * The run's database connections as the server saw them from the start of the measured phase until the worker
   * ended (pg_stat_activity, the backends named by the run's application_name, read once a second): a pipelining client
   * may carry every statement on a few of the connections its pool opened, so a race's equal pool is not always an
   * equal number of busy connections.
   *
   * @param open the backends seen
   * @param used those that started a statement in that time
   */
  public record Connections(int open, int used) {}

  /**
   * The worker process, measured from /proc over the measured phase (CPU and context switches)
   * and over its life (peak RSS, peak threads).
   *
   * @param jitCpuS CPU seconds the JIT compiler threads (C1/C2) used in the measured phase, read
   *     from /proc per thread; part of, not beside, {@code cpuUserS + cpuSysS}
   * @param warmupCpuS CPU seconds of the whole process during warm-up
   * @param warmupJitCpuS CPU seconds of the compiler threads during warm-up
   * @param minorFaults page faults served from memory in the measured phase (minflt of /proc/PID/stat);
   *     absent (null) in results written before they were read
   * @param majorFaults page faults that read from disk in the measured phase (majflt); null likewise
   * @param cpuPercent CPU seconds (user + sys) over the measured window, from its start until it closed (the
   *     drain of the operations still in flight not included), over {@code windowWallS}, in %, as
   *     {@code /usr/bin/time} reports it (100 = one core busy); null likewise
   * @param measuredWallS wall seconds between the two /proc readings every other difference here is taken
   *     over: from the measured phase's start until its result arrived (the drain of the operations
   *     still in flight and the result's making included, so a little longer than the phase); null likewise
   * @param windowWallS wall seconds between the /proc readings at the measured window's start and close, the span of
   *     {@code cpuPercent}; null in results written before it was read (their % CPU was over {@code measuredWallS})
   */
  public record ProcessFigures(
      double cpuUserS,
      double cpuSysS,
      @JsonProperty("cpu_ms_per_1k_ops") double cpuMsPer1kOps,
      double peakRssMb,
      long ctxVoluntary,
      long ctxInvoluntary,
      int peakThreads,
      double jitCpuS,
      double warmupCpuS,
      double warmupJitCpuS,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long minorFaults,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long majorFaults,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double cpuPercent,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double measuredWallS,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double windowWallS) {

    /**
     * The figures of several processes together (the agents' workers of a shared run) over {@code ops} operations:
     * CPU, switches, faults, threads, memory and % CPU (of one core) summed, CPU per 1,000 operations recomputed from
     * the sum, the walls the longest. Null when none has figures.
     */
    public static ProcessFigures sum(List<ProcessFigures> parts, long ops) {
      List<ProcessFigures> p = parts.stream().filter(Objects::nonNull).toList();
      if (p.isEmpty()) {
        return null;
      }
      double user = p.stream().mapToDouble(ProcessFigures::cpuUserS).sum();
      double sys = p.stream().mapToDouble(ProcessFigures::cpuSysS).sum();
      return new ProcessFigures(round(user), round(sys),
          ops > 0 ? Math.round((user + sys) * 1e6 / ops * 1000) / 1000.0 : 0,
          Math.round(p.stream().mapToDouble(ProcessFigures::peakRssMb).sum() * 10) / 10.0,
          p.stream().mapToLong(ProcessFigures::ctxVoluntary).sum(), p.stream().mapToLong(ProcessFigures::ctxInvoluntary).sum(),
          p.stream().mapToInt(ProcessFigures::peakThreads).sum(), round(p.stream().mapToDouble(ProcessFigures::jitCpuS).sum()),
          round(p.stream().mapToDouble(ProcessFigures::warmupCpuS).sum()),
          round(p.stream().mapToDouble(ProcessFigures::warmupJitCpuS).sum()),
          PartSums.sumOrNull(p, ProcessFigures::minorFaults), PartSums.sumOrNull(p, ProcessFigures::majorFaults),
          p.stream().allMatch(x -> x.cpuPercent() != null)
              ? Math.round(p.stream().mapToDouble(ProcessFigures::cpuPercent).sum() * 10) / 10.0 : null,
          PartSums.maxOrNull(p, ProcessFigures::measuredWallS), PartSums.maxOrNull(p, ProcessFigures::windowWallS));
    }

    private static double round(double v) {
      return Math.round(v * 100) / 100.0;
    }

    /** Figures without page faults and % CPU (as written before they were read). */
    public ProcessFigures(double cpuUserS, double cpuSysS, double cpuMsPer1kOps, double peakRssMb, long ctxVoluntary,
        long ctxInvoluntary, int peakThreads, double jitCpuS, double warmupCpuS, double warmupJitCpuS) {
      this(cpuUserS, cpuSysS, cpuMsPer1kOps, peakRssMb, ctxVoluntary, ctxInvoluntary, peakThreads, jitCpuS, warmupCpuS,
          warmupJitCpuS, null, null, null, null, null);
    }
  }

  /**
   * One agent's part of a run that agents shared.
   *
   * @param agent the agent's id in the cluster
   * @param host the agent's host name and address, as it announced them
   * @param index which part it drove ({@code index} of {@code of}: its share of the users or the rate)
   * @param status how its part ended: {@code degraded} when it left the cluster during the run
   * @param message why, where it did not end ok
   * @param result its own figures (counts, throughput, latency) before the merge
   * @param process its worker's process over the measured phase, as the agent measured it
   * @param startSkewMs when its measured phase began, in ms after the controller's go on the controller's clock
   *     (the go's transit and the two clocks' offset together); null when it never began
   * @param hlog its interval log, relative to the results folder
   */
  public record AgentPart(String agent, String host, int index, int of, RunStatus status, String message,
      WorkerResult result, ProcessFigures process, Double startSkewMs, String hlog) {

    /** The same part with its interval log at {@code path}. */
    public AgentPart withHlog(String path) {
      return new AgentPart(agent, host, index, of, status, message, result, process, startSkewMs, path);
    }
  }

  /**
   * The database's own counters, read from just before the worker started (at the service level:
   * once the service was up, so its start-up is not in them) until the worker's (or service's)
   * connections had closed: the worker's whole life, warm-up and the open loop's flat-out pre-warm
   * included, not only the measured phase the client's latency and throughput cover.
   *
   * @param xactCommit commits in the database over that span: the stack's (one per autocommit
   *     statement), its connections' set-up, and the few read-only transactions of dbrace's own
   *     bookkeeping connection that the server's statistics flushed within it
   * @param statementCalls pg_stat_statements calls of the workload's statements over the same span
   *     (dbrace's own queries are not among them); null when the server does not have pg_stat_statements
   * @param clientStatements statements sent by the operations the client verified over the same
   *     span (an ORM's session answers a repeated find without one, and its operation counts what it
   *     sent); at the service level, the generator's verified requests
   */
  public record ServerFigures(long xactCommit, long xactRollback, Long statementCalls, long clientStatements) {}

  /**
   * Thread time of the worker during the measured phase, by state, summed over all threads, from
   * its Flight Recorder file: running (CPU samples x sampling period, an estimate), blocked on a
   * monitor, waiting (Object.wait), parked (LockSupport.park: pools, futures, idle event loops),
   * sleeping, and in socket reads/writes.
   */
  public record ThreadStates(
      double runningS,
      double blockedS,
      double waitingS,
      double parkedS,
      double sleepingS,
      double socketIoS,
      int threads,
      String note) {}

  /**
   * A fault run: the faults as injected, each one's window and recovery, the p99 per interval of
   * the log (for the chart) and the ledger check. Times are seconds from the measured phase's start.
   *
   * @param preFaultP99Ms p99 of the log's measured intervals that ended before the first fault, their
   *     arrivals not issued ranked as the worst (as every p99 here: at the run's slowest latency); null when
   *     none did (no baseline, so no recovery can be stated)
   * @param p99Timeline the intervals in which something completed or was refused
   * @param ledger null when the workload writes no ledger (only {@code ledger} does)
   */
  public record Faults(String spec, Double preFaultP99Ms, List<FaultWindow> windows, List<Interval> p99Timeline,
      Ledger ledger, String note) {}

  /**
   * One injected fault.
   *
   * @param p99Ms p99 of the intervals overlapping the window; null if none
   * @param recoveryS from the fault's end to the end of the first later interval (before the next
   *     fault) whose p99 is within the recovery limit (the larger of 1.5x the pre-fault p99 and it + 1 ms,
   *     as for a spike) and whose errors plus arrivals not issued are no larger a share of what was due in
   *     it than in the intervals before the first fault (as for a spike); null when it never got there
   */
  public record FaultWindow(String fault, double startS, double endS, String detail, Double p99Ms, Double recoveryS) {}

  /**
   * A run with spikes ({@code --spike}): the p99 before the first spike, each spike's window, and
   * the per-second series the figures come from. Times are seconds from the measured phase's start.
   *
   * @param preSpikeP99Ms p99 of the log's last 3 measured intervals that ended by the first spike's start,
   *     their arrivals not issued ranked as the worst (as every p99 here: at the run's slowest latency);
   *     null when none did (no baseline, so no recovery can be stated)
   * @param recoveredBelowMs the p99 an interval must stay at or under to count as recovered: the larger
   *     of 1.5x the pre-spike p99 and the pre-spike p99 + 1 ms; null with no baseline
   * @param seconds the measured intervals of the latency log, with their counts when the worker wrote them
   */
  public record Spikes(Double preSpikeP99Ms, Double recoveredBelowMs, List<SpikeWindow> windows, List<Second> seconds,
      String note) {}

  /**
   * One spike as run.
   *
   * @param spike as given, {@code RATE@AT+FOR}
   * @param peakP99Ms the highest p99 of one interval from the window's start until recovered (or the next
   *     spike, or the run's end)
   * @param recoveryS from the window's end to the start of the first interval ending after it that begins 3
   *     consecutive intervals each at or under {@code recoveredBelowMs} and dropping (errors and not issued) no
   *     larger a share of what was due than the pre-spike intervals did (0 when that interval starts before the
   *     end); null when none did before the next spike or the run's end
   * @param errorsDuring errors counted in the intervals overlapping the window
   * @param notIssuedDuring arrivals not sent (the in-flight limit) in those intervals
   * @param errorsAfter errors in the intervals starting at or after the window's end and before the recovery
   *     (if none: before the next spike, or to the run's end)
   * @param notIssuedAfter arrivals not sent in those; the four counts are null when the worker wrote no counts
   */
  public record SpikeWindow(String spike, double startS, double endS, Double peakP99Ms, Double recoveryS,
      Long errorsDuring, Long notIssuedDuring, Long errorsAfter, Long notIssuedAfter) {}

  /**
   * One measured interval of the latency log (about a second).
   *
   * @param p99Ms with its arrivals not issued ranked as the worst, at the run's slowest latency, as the
   *     run's percentiles rank them; null when no operation completed in it and none was refused (a
   *     second with errors only, or none)
   * @param ok verified operations completed in it (the histogram's count)
   * @param errors errors counted in it; null when the worker wrote no counts for it
   * @param notIssued arrivals in it not sent (the in-flight limit); null likewise
   */
  public record Second(double startS, double endS, Double p99Ms, long ok, Long errors, Long notIssued) {}

  /**
   * One interval of the latency log: its p99, its arrivals not issued ranked as the worst at the run's
   * slowest latency, and how many operations completed in it.
   */
  public record Interval(double startS, double endS, double p99Ms, long count) {}

  /**
   * The client's successes against the database's rows, by operation index.
   *
   * @param successfulButMissing counted successful by the client, no row: a lie
   * @param performedButReportedFailed a row, but the client counted an error or never saw the end: allowed
   * @param duplicates operations with more than one row (performed twice, e.g. a retried insert)
   */
  public record Ledger(long clientSuccesses, long rows, long successfulButMissing, long performedButReportedFailed,
      long duplicates, List<Long> missingSample) {}
}
