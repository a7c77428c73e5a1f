package dev.dbrace.runner;

import dev.dbrace.db.CacheDir;
import java.nio.file.Path;

/** Where dbrace runs from and where it keeps what it downloads and builds. */
public final class Home {
  private Home() {}

  /** The checkout dbrace runs from: the system property {@code dbrace.home} (set by the launcher; tests set it). */
  public static Path dir() {
    String home = System.getProperty("dbrace.home");
    return Path.of(home == null ? "." : home).toAbsolutePath().normalize();
  }

  /** dbrace's cache (PostgreSQL binaries, data dirs): $DBRACE_CACHE, else $XDG_CACHE_HOME/dbrace or ~/.cache/dbrace. */
  public static Path cacheDir() {
    return CacheDir.resolve();
  }
}
