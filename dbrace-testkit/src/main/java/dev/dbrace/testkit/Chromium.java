package dev.dbrace.testkit;

import dev.dbrace.db.DebianPackage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Debian's headless Chromium, for checking that a report really draws in a browser and that no
 * markup put into it runs. Like the Firebird and MariaDB servers, the tests install it with apt-get
 * where it is missing and they run as root (CI's clean machine); elsewhere they skip naming the command.
 */
public final class Chromium {
  private static final long TIMEOUT_S = 120;
  private static final DebianPackage PACKAGE = new DebianPackage("chromium", "Chromium",
      List.of(Path.of("/usr/bin/chromium")));

  private Chromium() {}

  /**
   * {@code chromium} from the PATH, installed first where it is missing and this JVM runs as root.
   *
   * @return the browser, or null with {@code whyNot} told why (for a JUnit assumption)
   */
  public static Path findOrInstall(Consumer<String> whyNot) {
    Path found = find();
    if (found != null) {
      return found;
    }
    String problem = PACKAGE.installIfMissing(line -> System.err.println("[chromium] " + line));
    found = find();
    if (found == null) {
      whyNot.accept(problem != null ? problem : PACKAGE.hint());
    }
    return found;
  }

  /** {@code chromium} from the PATH, or null when there is none. */
  static Path find() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path candidate = Path.of(dir, "chromium");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /** The DOM after the page's scripts ran ({@code --dump-dom}), with a fresh profile in {@code work}. */
  public static String dumpDom(Path browser, Path page, Path work) throws IOException, InterruptedException {
    Path out = work.resolve(page.getFileName() + ".dom.html");
    Process p = new ProcessBuilder(List.of(browser.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=" + work.resolve("chromium-profile"), "--dump-dom", page.toUri().toString()))
        .redirectOutput(out.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD) // D-Bus and GPU chatter, not about the page
        .start();
    if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new IOException("chromium did not finish within " + TIMEOUT_S + " s");
    }
    if (p.exitValue() != 0) {
      throw new IOException("chromium exited with " + p.exitValue());
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }
}
