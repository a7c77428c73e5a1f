package dev.dbrace.cli.console;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.IdleConnections;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.TlsDiffers;
import dev.dbrace.runner.service.SameBodies;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A race on the console: its headline and the engine's messages on stderr, each run's progress there too
 * ({@link ConsoleProgress}), and at the end, on stdout, the table, the sections a race of its kind has (faults,
 * spikes, capacity), the verdict and the notes that say how to read them.
 */
public final class ConsoleOutput implements RunListener {
  private final PrintStream out;
  private final PrintStream err;
  private final boolean tty;
  private final boolean wide;
  private RunListener progress = new RunListener() {};

  /**
   * @param tty whether stderr is a terminal: the progress redraws one line per phase
   * @param wide whether the table has every column ({@code --wide}) or only those that fit 120 columns
   */
  public ConsoleOutput(PrintStream out, PrintStream err, boolean tty, boolean wide) {
    this.out = out;
    this.err = err;
    this.tty = tty;
    this.wide = wide;
  }

  @Override
  public void raceStarted(RaceStarted race) {
    err.println("dbrace: " + race.headline());
    progress = new ConsoleProgress(err, tty, race.settings().loadPlan().warmupMs(), race.settings().loadPlan().warmupMaxMs());
  }

  @Override
  public void message(String line) {
    err.println("dbrace: " + line);
  }

  @Override
  public void runStarted(Ticket run) {
    progress.runStarted(run);
  }

  @Override
  public void phase(String stack, String phase) {
    progress.phase(stack, phase);
  }

  @Override
  public void progress(String stack, String phase, long ops, long errors, double elapsedS) {
    progress.progress(stack, phase, ops, errors, elapsedS);
  }

  @Override
  public void runFinished(RunRecord run) {
    progress.runFinished(run);
  }

  @Override
  public void note(String message) {
    progress.note(message);
  }

  @Override
  public void raceFinished(RaceFinished race) {
    List<RunRecord> runs = race.runs();
    out.println();
    TlsDiffers.line(runs).ifPresent(out::println);
    ConsoleTable.print(out, runs, wide);
    IdleConnections.sentence(runs).ifPresent(out::println);
    if (race.faults()) {
      out.println();
      FaultTable.print(out, runs);
    }
    if (SpikeLines.any(runs)) {
      out.println();
      SpikeLines.print(out, runs);
    }
    if (!race.capacity().isEmpty()) {
      out.println();
      ConsoleTable.printCapacity(out, race.capacity(), race.sla());
    }
    SameBodies.line(runs).ifPresent(line -> {
      out.println();
      out.println(line);
    });
    if (race.verdict() != null) {
      out.println();
      out.println("verdict: " + race.verdict().text());
    }
    out.println();
    notes(race);
    out.println("results: " + race.raceJson());
  }

  /** How to read the table: what the load model's latency counts, unfinished operations and, --wide, the server's counts. */
  private void notes(RaceFinished race) {
    List<RunRecord> runs = race.runs();
    if (runs.stream().anyMatch(r -> r.loadModel() instanceof LoadModel.Closed)) {
      out.println("closed loop: latency is from issue to completion; time waiting for a free slot is not in it;"
          + " ops/s counts verified completions within the measured window.");
    }
    if (runs.stream().anyMatch(r -> r.loadModel() instanceof LoadModel.Open)) {
      out.println("open loop: latency is from each operation's intended start, queueing included; not issued = arrivals"
          + " refused at the in-flight limit; the percentiles rank them as the worst (at the slowest latency measured).");
    }
    if (runs.stream().anyMatch(r -> r.result().unfinished() > 0)) {
      out.println("unfinished: operations still in flight at the drain timeout; each is in the percentiles with its age then,"
          + " and counted with the errors.");
    }
    if (!wide) {
      return; // the server's counts are --wide's columns
    }
    if (race.engine() == Engine.POSTGRESQL) {
      out.println("server xact, server stmts/client: from the worker's start"
          + (race.serviceLevel() ? " (the service's: once it was up)" : "")
          + " until its connections closed, warm-up and pre-warm included, not only the measured phase; xact also counts"
          + " connection set-up and a few of dbrace's own reads; stmts: pg_stat_statements calls of the workload's SQL vs"
          + (race.serviceLevel() ? " requests the generator verified (not compared: each request runs the service's own statements)."
              : " statements the client's verified operations sent (an ORM's session answers a repeated find itself)."));
    } else {
      out.println("server commits and statements: not available on " + race.engine().label()
          + " (PostgreSQL's pg_stat_database and pg_stat_statements only).");
    }
  }

  @Override
  public void reportWritten(Path report) {
    out.println("report:  " + report);
  }
}
