package dev.dbrace.report.results;

import dev.dbrace.core.result.Race;
import java.nio.file.Path;

/**
 * A race's results folder as the report reads it: race.json and the files its runs point to
 * (paths in race.json are relative to the folder). Read, and checked, by the report's entry
 * points. Immutable.
 *
 * @param dir absolute and normalized
 */
public record ResultsFolder(Path dir, Race race) {

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
}
