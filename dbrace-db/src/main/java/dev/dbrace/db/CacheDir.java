package dev.dbrace.db;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where dbrace keeps what is worth keeping between runs: the unpacked PostgreSQL binaries and the
 * embedded servers' data directories. One rule for the CLI and for every module's tests, so a test
 * run reuses the binaries the CLI unpacked and vice versa: {@code $DBRACE_CACHE}, else
 * {@code $XDG_CACHE_HOME/dbrace}, else {@code ~/.cache/dbrace}.
 */
public final class CacheDir {
  private CacheDir() {}

  /** The cache directory for this process's environment; not created here. */
  public static Path resolve() {
    return resolve(System.getenv(), System.getProperty("user.home"));
  }

  /** The rule itself, for tests: a blank variable counts as unset. */
  static Path resolve(Map<String, String> env, String userHome) {
    String explicit = env.get("DBRACE_CACHE");
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    String xdg = env.get("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(userHome, ".cache");
    return base.resolve("dbrace");
  }
}
