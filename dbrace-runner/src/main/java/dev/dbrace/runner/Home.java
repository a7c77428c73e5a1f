package dev.dbrace.runner;

import dev.dbrace.db.CacheDir;
import dev.dbrace.runner.fork.ModuleClasspath;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where dbrace runs from and where it keeps what it downloads and builds. A source checkout and an unpacked
 * {@code ./dbrace dist} archive have the same layout where dbrace reads it: the {@link #CLI_MODULE} and the modules under
 * {@link #WORKER_FOLDERS}, each with its {@link ModuleClasspath}.
 */
public final class Home {
  /** The module the launcher starts the command line from. */
  public static final String CLI_MODULE = "dbrace-cli";
  /** The folders whose modules run in worker JVMs, each on its own classpath: stacks, load generators, experiments. */
  public static final List<String> WORKER_FOLDERS = List.of("stacks", "generators", "experiments");

  private Home() {}

  /** The folder dbrace runs from: the system property {@code dbrace.home} (set by the launcher; tests set it). */
  public static Path dir() {
    String home = System.getProperty("dbrace.home");
    return Path.of(home == null ? "." : home).toAbsolutePath().normalize();
  }

  /**
   * Every built module under {@code home} (its folder relative to {@code home}) and its classpath: the command line's,
   * then those under {@link #WORKER_FOLDERS} in name order. Together, every jar and class folder dbrace runs on; a module
   * not built is not there.
   */
  public static Map<Path, List<Path>> modules(Path home) {
    Map<Path, List<Path>> out = new LinkedHashMap<>();
    List<Path> cli = ModuleClasspath.of(home.resolve(CLI_MODULE));
    if (!cli.isEmpty()) {
      out.put(Path.of(CLI_MODULE), cli);
    }
    WORKER_FOLDERS.forEach(f -> ModuleClasspath.under(home.resolve(f)).forEach((m, cp) -> out.put(home.relativize(m), cp)));
    return out;
  }

  /** dbrace's cache (PostgreSQL binaries, data dirs): $DBRACE_CACHE, else $XDG_CACHE_HOME/dbrace or ~/.cache/dbrace. */
  public static Path cacheDir() {
    return CacheDir.resolve();
  }
}
