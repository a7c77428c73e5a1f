package dev.dbrace.runner.probe;

import dev.dbrace.runner.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * How a worker JVM is told to record a Flight Recorder file for {@code --jfr}. The recording
 * starts with the JVM (so it covers warm-up and the measured phase; the summary clips to the
 * latter) and is written when the JVM exits, also on SIGTERM, but not on SIGKILL.
 */
public final class JfrOptions {
  /** The settings on dbrace's classpath: thread states at low overhead (see the file's comments). */
  static final String SETTINGS_RESOURCE = "dbrace-threads.jfc";

  /**
   * Where Flight Recorder starts dropping the oldest data (its own default is 250 MB). At dbrace's
   * settings 1 GB holds a run of tens of minutes (less at higher rates: docs/decisions.md); should a
   * file overflow, the summary notices and says its figures start late.
   */
  static final String MAX_SIZE = "1g";

  private JfrOptions() {}

  /**
   * The JVM arguments that make a worker record into {@code jfrFile} with {@code settings}.
   * {@code -XX:StartFlightRecording} separates its options with commas and cannot quote them, so
   * a path with a comma is refused rather than silently cut. The JVM announces the recording
   * with three log lines on its stdout, whatever -Xlog says; the runner's reader takes lines that
   * are not JSON as noise.
   *
   * @throws UserError if a path contains a comma
   */
  public static List<String> workerArgs(Path jfrFile, Path settings) {
    String file = optionValue(jfrFile.toAbsolutePath());
    String jfc = optionValue(settings.toAbsolutePath());
    return List.of("-XX:StartFlightRecording=filename=" + file + ",settings=" + jfc + ",dumponexit=true,maxsize="
        + MAX_SIZE);
  }

  /**
   * Copies the settings out of dbrace's classpath into {@code dir} (a worker's classpath is its
   * stack's, without dbrace-cli, and the JVM reads {@code settings=} from a file anyway). Kept
   * beside the results, the file also records which settings the recordings used.
   */
  public static Path extractSettings(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path target = dir.resolve(SETTINGS_RESOURCE);
    try (InputStream in = JfrOptions.class.getResourceAsStream("/" + SETTINGS_RESOURCE)) {
      if (in == null) {
        throw new IOException(SETTINGS_RESOURCE + " is missing from dbrace's classpath (a broken build?)");
      }
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
    return target;
  }

  private static String optionValue(Path path) {
    String s = path.toString();
    if (s.indexOf(',') >= 0) {
      throw new UserError("--jfr cannot record to a path with a comma (the JVM option splits on commas): " + s);
    }
    return s;
  }
}
