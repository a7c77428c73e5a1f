package dev.dbrace.db.firebird;

import dev.dbrace.db.DebianPackage;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where Debian's Firebird 3 server is, and how to get it. dbrace does not bundle Firebird: it runs
 * the {@code firebird3.0-server} package's binaries with a private configuration
 * ({@link EmbeddedFirebird}). Stateless, hence thread-safe.
 */
public final class FirebirdInstall {

  static final Path SERVER = Path.of("/usr/sbin/firebird");
  static final Path ISQL = Path.of("/usr/bin/isql-fb");
  static final DebianPackage PACKAGE = new DebianPackage("firebird3.0-server", "Firebird server", List.of(SERVER, ISQL));
  /** Firebird's client headers, which the Node {@code firebird} addon (libfbclient) needs to build at npm ci. */
  static final DebianPackage CLIENT_HEADERS = new DebianPackage("firebird-dev", "Firebird client headers",
      List.of(Path.of("/usr/bin/fb_config")));
  /** What to tell a user who has no Firebird server. */
  public static final String HINT = PACKAGE.hint();

  private FirebirdInstall() {}

  /** Null when the server and isql-fb are installed, else {@link #HINT}. */
  public static String missing() {
    return PACKAGE.missing();
  }

  /** For tests and CI: see {@link DebianPackage#installIfMissing}. */
  public static String installIfMissing(Consumer<String> log) {
    return PACKAGE.installIfMissing(log);
  }

  /**
   * Firebird's client headers ({@code firebird-dev}), installed with apt-get when missing and dbrace runs
   * as root (see {@link DebianPackage#installIfMissing}).
   *
   * @return null once installed, else what to run, in one line
   */
  public static String clientHeadersIfMissing(Consumer<String> log) {
    return CLIENT_HEADERS.installIfMissing(log);
  }
}
