package dev.dbrace.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.dbrace.core.experiment.ExperimentRun;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.Json;
import dev.dbrace.report.results.ResultsFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The files a report reads (race.json, experiment.json) and writes (the page). Every way they can
 * fail is a {@link ReportInputException} with one line for the user; nothing below this package
 * touches them. Stateless, so thread-safe.
 */
final class ReportFiles {
  static final String EXPERIMENT = "experiment.json";

  private ReportFiles() {}

  /** Reads {@code dir/race.json}; a missing folder, file or unreadable JSON is one clear line. */
  static ResultsFolder openResults(Path dir) {
    Path folder = dir.toAbsolutePath().normalize();
    if (!Files.isDirectory(folder)) {
      throw new ReportInputException(dir + ": no such folder");
    }
    Path json = folder.resolve("race.json");
    if (!Files.isRegularFile(json)) {
      throw new ReportInputException(dir + " has no race.json (is it a dbrace results folder?)");
    }
    Race race;
    try {
      race = Json.MAPPER.readValue(json.toFile(), Race.class);
    } catch (JsonProcessingException e) {
      var at = e.getLocation();
      throw new ReportInputException(json + " is not a dbrace race.json"
          + (at == null ? "" : " (line " + at.getLineNr() + ")") + ": " + firstLine(e.getOriginalMessage()));
    } catch (IOException e) {
      throw new ReportInputException(json + ": cannot read (" + e.getMessage() + ")");
    }
    if (race == null || race.id() == null) {
      throw new ReportInputException(json + " is not a dbrace race.json (no race id)");
    }
    if (race.format() > Race.FORMAT) {
      throw new ReportInputException(json + " is in race.json format " + race.format() + "; this dbrace reads up to format "
          + Race.FORMAT + " (a newer dbrace wrote it)");
    }
    return new ResultsFolder(folder, race);
  }

  /** An experiment's folder: experiment.json and no race.json. */
  static boolean isExperimentFolder(Path dir) {
    return Files.isRegularFile(dir.resolve(EXPERIMENT)) && !Files.exists(dir.resolve("race.json"));
  }

  static ExperimentRun readExperiment(Path dir) {
    Path json = dir.resolve(EXPERIMENT);
    try {
      ExperimentRun run = Json.MAPPER.readValue(json.toFile(), ExperimentRun.class);
      if (run == null || run.experiment() == null) {
        throw new ReportInputException(json + " is not a dbrace experiment.json (no experiment name)");
      }
      return run;
    } catch (JsonProcessingException e) {
      throw new ReportInputException(json + " is not a dbrace experiment.json: " + e.getOriginalMessage().lines().findFirst().orElse(""));
    } catch (IOException e) {
      throw new ReportInputException(json + ": cannot read (" + e.getMessage() + ")");
    }
  }

  /** Writes next to the target and renames, so a reader never sees half a report. */
  static Path write(String html, Path out) {
    try {
      Path dir = out.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      Path tmp = dir.resolve(out.getFileName() + ".tmp");
      Files.writeString(tmp, html, StandardCharsets.UTF_8);
      return Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new ReportInputException("cannot write " + out + ": " + e.getMessage());
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
