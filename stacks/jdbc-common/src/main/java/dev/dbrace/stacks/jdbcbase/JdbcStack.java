package dev.dbrace.stacks.jdbcbase;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbrace.stacks.jdbcbase.Blocking;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.PositionalSql;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Blocking JDBC calls (pgjdbc, MariaDB Connector/J, Jaybird) on HikariCP, each operation run as one task on an executor (a fixed
 * platform pool or a virtual thread per task). Thread-safe.
 */
public final class JdbcStack implements Stack {

  private final HikariDataSource pool;
  private final ExecutorService executor;
  private final PositionalSql[] sql;

  public JdbcStack(HikariDataSource pool, ExecutorService executor, PositionalSql[] sql) {
    this.pool = pool;
    this.executor = executor;
    this.sql = sql;
  }

  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    return Blocking.on(executor, () -> runOn(op.statements(), op.transactional()));
  }

  private OpResult runOn(List<Statement> statements, boolean transactional) throws SQLException {
    int n = statements.size();
    List<List<Object[]>> rows = new ArrayList<>(n);
    long[] updateCounts = new long[n];
    try (Connection c = pool.getConnection()) {
      if (transactional) {
        c.setAutoCommit(false);
        try {
          runAll(c, statements, rows, updateCounts);
          c.commit();
        } catch (SQLException | RuntimeException e) {
          rollback(c, e);
          throw e;
        } finally {
          c.setAutoCommit(true); // HikariCP would reset it too, but not before the next borrower's check
        }
      } else {
        runAll(c, statements, rows, updateCounts);
      }
    }
    return new OpResult(rows, updateCounts);
  }

  private static void rollback(Connection c, Exception cause) {
    try {
      c.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }

  private void runAll(Connection c, List<Statement> statements, List<List<Object[]>> rows, long[] updateCounts)
      throws SQLException {
    for (int i = 0; i < statements.size(); i++) {
      Statement s = statements.get(i);
      PositionalSql q = sql[s.sqlId()];
      try (PreparedStatement ps = c.prepareStatement(q.text())) {
        Object[] params = q.bound(s.params());
        for (int p = 0; p < params.length; p++) {
          ps.setObject(p + 1, params[p]);
        }
        if (ps.execute()) {
          try (ResultSet rs = ps.getResultSet()) {
            rows.add(read(rs));
          }
        } else {
          rows.add(List.of());
          updateCounts[i] = ps.getLargeUpdateCount();
        }
      }
    }
  }

  private static List<Object[]> read(ResultSet rs) throws SQLException {
    int columns = rs.getMetaData().getColumnCount();
    List<Object[]> rows = new ArrayList<>();
    while (rs.next()) {
      Object[] row = new Object[columns];
      for (int col = 0; col < columns; col++) {
        row[col] = rs.getObject(col + 1);
      }
      rows.add(row);
    }
    return rows;
  }

  @Override
  public void close() throws Exception {
    try {
      executor.shutdown();
      if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
        executor.shutdownNow();
        throw new IllegalStateException("executor did not finish its tasks within 30 s of close()");
      }
    } finally {
      pool.close();
    }
  }
}
