package dev.dbrace.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** One unit of work in one transaction, for the dataset creators of every engine. Stateless. */
public final class Transactions {
  private Transactions() {}

  /** Work on a statement of the transaction's connection. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Statement s) throws SQLException;
  }

  /**
   * Runs {@code work} in one transaction on {@code c}: committed when it returns, rolled back when
   * it throws; the connection's auto-commit setting is restored either way.
   */
  public static <T> T inOne(Connection c, Work<T> work) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    try {
      T result;
      try (Statement s = c.createStatement()) {
        result = work.run(s);
      }
      c.commit();
      return result;
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }
}
