package dev.dbrace.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The report's packages depend one way, read from the sources: a class may name (import, or write out in full, code
 * or Javadoc) only classes of its own package and of the packages after it in {@link #LAYERS}. A new package has to
 * be given its place here.
 */
class ReportPackagesTest {
  /** The entry points first; each package may use only those after it. */
  static final List<String> LAYERS = List.of(
      "dev.dbrace.report", "dev.dbrace.report.page", "dev.dbrace.report.view", "dev.dbrace.report.chart",
      "dev.dbrace.report.results", "dev.dbrace.report.format");
  private static final Path SOURCES = Path.of("src/main/java");
  /** A report class named in full: its package is the lower-case segments before the first capitalised one. */
  private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.dbrace\\.report((?:\\.[a-z]\\w*)*)\\.(?:[A-Z]|\\*)");

  @Test
  void everyPackageHasItsPlaceAndSaysWhatItHolds() throws IOException {
    TreeSet<String> packages = new TreeSet<>();
    TreeSet<String> described = new TreeSet<>();
    for (Path file : sources()) {
      packages.add(packageOf(file));
      if (file.getFileName().toString().equals("package-info.java")) {
        described.add(packageOf(file));
      }
    }
    assertEquals(new TreeSet<>(LAYERS), packages, "the report's packages and LAYERS differ");
    assertEquals(packages, described, "a package without a package-info.java");
  }

  @Test
  void noPackageUsesOneBeforeIt() throws IOException {
    List<String> upward = new ArrayList<>();
    for (Path file : sources()) {
      String own = packageOf(file);
      String text = Files.readString(file).replaceFirst("(?m)^package [\\w.]+;", "");
      Matcher m = REFERENCE.matcher(text);
      while (m.find()) {
        String used = "dev.dbrace.report" + m.group(1);
        if (!used.equals(own) && LAYERS.indexOf(used) <= LAYERS.indexOf(own)) {
          upward.add(SOURCES.relativize(file) + " uses " + used);
        }
      }
    }
    assertEquals(List.of(), upward);
  }

  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(SOURCES.resolve("dev/dbrace/report"))) {
      return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    }
  }

  private static String packageOf(Path file) {
    return SOURCES.relativize(file.getParent()).toString().replace(file.getFileSystem().getSeparator(), ".");
  }
}
