package dev.dbrace.runner.scenario;

import dev.dbrace.runner.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Runs a scenario's schema and seed files on the embedded database before the race, each as one
 * script (PostgreSQL's simple query protocol, MariaDB's multi-statement queries: every statement
 * in it runs, in order). A failing statement is
 * reported as {@code file:line: the server's message}.
 */
public final class ScenarioSetup {
  private ScenarioSetup() {}

  public static void run(Connection admin, List<Path> files, Consumer<String> log) {
    for (Path file : files) {
      String sql;
      try {
        sql = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UserError(file + ": cannot read (" + e.getMessage() + ")");
      }
      log.accept("running " + file.getFileName() + "...");
      long t0 = System.nanoTime();
      try (Statement st = admin.createStatement()) {
        st.execute(sql);
      } catch (SQLException e) {
        throw new UserError(file + ":" + line(sql, e) + ": " + ScenarioReader.firstLine(e.getMessage()));
      }
      log.accept(file.getFileName() + " done in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }
  }

  /** The line the server's error position points at, else 1. */
  private static int line(String sql, SQLException e) {
    if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
      ServerErrorMessage m = p.getServerErrorMessage();
      int pos = Math.min(Math.max(m.getPosition(), 1), sql.length());
      return (int) sql.substring(0, pos).chars().filter(c -> c == '\n').count() + 1;
    }
    // MariaDB: "... near 'x' at line N", counted from the start of the failing statement
    Matcher m = Pattern.compile("at line (\\d+)").matcher(String.valueOf(e.getMessage()));
    return m.find() ? Integer.parseInt(m.group(1)) : 1;
  }
}
