package dev.dbrace.cli;

import dev.dbrace.runner.DatabaseSession;
import dev.dbrace.runner.Home;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code dbrace db}: starts the embedded PostgreSQL with the datasets and keeps it up, so other
 * tools (psql, pgbench, the bench scripts) can use the very server dbrace races on. Stops on
 * SIGINT/SIGTERM or after {@code --for}.
 */
@Command(name = "db", description = "Start the embedded PostgreSQL with dbrace's datasets and keep it running.",
    mixinStandardHelpOptions = true)
final class DbCommand implements Callable<Integer> {
  @Option(names = "--env-file", description = "Write PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD here (mode 600) once ready.")
  Path envFile;

  @Option(names = "--for", converter = DurationConverter.class, defaultValue = "2h",
      description = "Stop by itself after this long (default: ${DEFAULT-VALUE}).")
  long forMs;

  @Override
  public Integer call() throws Exception {
    try (DatabaseSession db = DatabaseSession.open(null, Home.cacheDir(), msg -> System.err.println("dbrace: " + msg))) {
      var t = db.target();
      if (envFile != null) {
        Path tmp = envFile.resolveSibling(envFile.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, "PGHOST=" + t.host() + "\nPGPORT=" + t.port() + "\nPGUSER=" + t.user()
            + "\nPGDATABASE=" + t.database() + "\nPGPASSWORD=" + t.password() + "\n");
        Files.move(tmp, envFile, StandardCopyOption.ATOMIC_MOVE);
      }
      System.err.println("dbrace: PostgreSQL " + db.serverVersion() + " ready at " + t.redactedUrl()
          + (envFile != null ? "; connection settings in " + envFile : "") + "; Ctrl-C stops it");
      Thread.sleep(forMs);
      return 0;
    }
  }
}
