package dev.dbrace.runner;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import dev.dbrace.report.SummaryCsv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The race's results folder. {@link #save} rewrites race.json and summary.csv atomically (write
 * then rename), so a reader or a crash never sees a half-written file. Thread-safe.
 */
public final class ResultStore {
  private final Path dir;
  private final Race header;
  private volatile RunRecord current;

  public ResultStore(Path dir, Race header) {
    this.dir = dir;
    this.header = header;
  }

  Path dir() {
    return dir;
  }

  String id() {
    return header.id();
  }

  /** The run going on now, recorded as interrupted if the race is cut short; null between runs. */
  void current(RunRecord interruptedForm) {
    current = interruptedForm;
  }

  private volatile List<Race.Capacity> capacity = List.of();
  private volatile dev.dbrace.core.result.Verdict verdict;

  private boolean closed; // guarded by this; saveInterrupted wrote the last word

  synchronized void save(List<RunRecord> runs) {
    if (closed) {
      return; // cut short: the race's thread must not overwrite the interrupted record with a half-run's failure
    }
    write(header.with(Instant.now().toString(), runs, capacity).withVerdict(verdict));
  }

  /** The capacity verdicts so far; written with the next {@link #save}. */
  void capacity(List<Race.Capacity> verdicts) {
    capacity = List.copyOf(verdicts);
  }

  /** The race's conclusion ({@link RacePlan#verdict}); written with the next {@link #save}. */
  void verdict(dev.dbrace.core.result.Verdict v) {
    verdict = v;
  }

  /**
   * Saves the finished runs and the one in progress (a fault run after each fault), leaving the
   * store open for the runs' own saves.
   */
  synchronized void saveProgress(List<RunRecord> runs) {
    List<RunRecord> all = new ArrayList<>(runs);
    RunRecord running = current;
    if (running != null) {
      all.add(running);
    }
    save(all);
  }

  /** The last word of a race cut short (Ctrl-C): what {@link #saveProgress} saves, then no more writes. */
  synchronized void saveInterrupted(List<RunRecord> runs) {
    saveProgress(runs);
    closed = true;
  }

  private void write(Race race) {
    try {
      Files.createDirectories(dir);
      replace(dir.resolve("race.json"),
          Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(race));
      replace(dir.resolve("summary.csv"), SummaryCsv.of(race.runs()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void replace(Path file, String content) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, content);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** A results folder's time prefix, UTC to the second: {@code 20261128-094916}. */
  public static String timestamp() {
    return Instant.now().toString().replaceAll("[-:]", "").replace("T", "-").substring(0, 15);
  }
}
