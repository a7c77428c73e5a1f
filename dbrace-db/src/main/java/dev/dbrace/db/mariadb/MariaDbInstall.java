package dev.dbrace.db.mariadb;

import dev.dbrace.db.DebianPackage;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where Debian's MariaDB server is, and how to get it. dbrace does not bundle MariaDB: it runs the
 * {@code mariadb-server} package's binaries with a private data directory ({@link EmbeddedMariaDb}).
 * Stateless, hence thread-safe.
 */
public final class MariaDbInstall {

  static final Path SERVER = Path.of("/usr/sbin/mariadbd");
  static final Path INSTALL_DB = Path.of("/usr/bin/mariadb-install-db");
  static final DebianPackage PACKAGE = new DebianPackage("mariadb-server", "MariaDB server", List.of(SERVER, INSTALL_DB));
  /** What to tell a user who has no MariaDB server. */
  public static final String HINT = PACKAGE.hint();

  private MariaDbInstall() {}

  /** Null when mariadbd and mariadb-install-db are installed, else {@link #HINT}. */
  public static String missing() {
    return PACKAGE.missing();
  }

  /** For tests and CI: see {@link DebianPackage#installIfMissing}. */
  public static String installIfMissing(Consumer<String> log) {
    return PACKAGE.installIfMissing(log);
  }
}
