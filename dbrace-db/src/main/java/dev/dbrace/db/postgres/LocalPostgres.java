package dev.dbrace.db.postgres;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Finds a locally installed PostgreSQL for platforms without bundled binaries: the one
 * {@code pg_config} names, else the highest {@code /usr/lib/postgresql/N/bin} (Debian's layout).
 * Stateless, hence thread-safe.
 */
public final class LocalPostgres {

  private LocalPostgres() {}

  /** The installation, or null if there is none with both initdb and postgres. */
  public static PgBinaries find() {
    String bindir = pgConfig("--bindir");
    if (bindir != null && usable(Path.of(bindir))) {
      String pkglib = pgConfig("--pkglibdir");
      Path lib = pkglib != null ? Path.of(pkglib) : Path.of(bindir).resolveSibling("lib");
      return binaries(Path.of(bindir), lib);
    }
    Path root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions
          .filter(v -> v.getFileName().toString().matches("[0-9]+(\\.[0-9]+)?"))
          .filter(v -> usable(v.resolve("bin")))
          .max(Comparator.comparingDouble(v -> Double.parseDouble(v.getFileName().toString())))
          .map(v -> binaries(v.resolve("bin"), v.resolve("lib")))
          .orElse(null);
    } catch (IOException e) {
      return null;
    }
  }

  private static PgBinaries binaries(Path bin, Path lib) {
    boolean pgss = Files.exists(lib.resolve("pg_stat_statements.so"));
    return new PgBinaries(bin, "local PostgreSQL in " + bin, pgss);
  }

  private static boolean usable(Path bin) {
    return Files.isExecutable(bin.resolve("postgres")) && Files.isExecutable(bin.resolve("initdb"));
  }

  /** One line of pg_config output, or null when pg_config is missing or fails. */
  private static String pgConfig(String option) {
    try {
      Process p = new ProcessBuilder(List.of("pg_config", option))
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes(); // tiny output: cannot fill the pipe
      if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return null;
      }
      String s = new String(out, StandardCharsets.UTF_8).strip();
      return s.isEmpty() ? null : s;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
