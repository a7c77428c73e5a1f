package dev.dbrace.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A race's results folder as the report reads it: race.json and the files its runs point to
 * (paths in race.json are relative to the folder). Immutable.
 */
public record ResultsFolder(Path dir, Race race) {

  /** Reads {@code dir/race.json}; a missing folder, file or unreadable JSON is one clear line. */
  public static ResultsFolder open(Path dir) {
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

  /** The race's kind; files written before kinds existed are plain races. */
  public String kind() {
    return race.kind() == null ? "race" : race.kind();
  }

  /** A file named in race.json, or null when none is named or the name leaves the folder. */
  public Path file(String relative) {
    if (relative == null || relative.isBlank()) {
      return null;
    }
    Path p = dir.resolve(relative).normalize();
    return p.startsWith(dir) ? p : null;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
