package dev.dbrace.stacks.hibernate.orm;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.stacks.jdbcbase.Blocking;
import dev.dbrace.stacks.ormbase.OrmStatements.Action;
import dev.dbrace.stacks.ormbase.OrmStatements.FindWorld;
import dev.dbrace.stacks.ormbase.OrmStatements.NativeSelect;
import dev.dbrace.stacks.ormbase.OrmStatements;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.query.NativeQuery;

/**
 * Hibernate ORM on HikariCP: each operation is one "web request", a fresh {@link Session} opened,
 * used for the operation's statements in order, and closed, run as one task on the executor (a
 * fixed platform pool or a virtual thread per task, as for the JDBC stacks). Sessions run without
 * a transaction, in autocommit, holding one connection from the first statement to the close. A
 * session answers a repeated {@code find} itself; the operation reports the statements it sent.
 * Thread-safe.
 */
public final class OrmStack implements Stack {

  private final SessionFactory sessions;
  private final HikariDataSource pool;
  private final ExecutorService executor;
  private final Action[] actions;

  OrmStack(SessionFactory sessions, HikariDataSource pool, ExecutorService executor, Action[] actions) {
    this.sessions = sessions;
    this.pool = pool;
    this.executor = executor;
    this.actions = actions;
  }

  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    return Blocking.on(executor, () -> runInSession(op.statements()));
  }

  /**
   * The operation's statements in one session. The statements Hibernate actually sends are
   * counted by a statement inspector of this session's own, which Hibernate calls for every JDBC
   * statement it prepares: a {@code find} of an id the session already loaded is answered from
   * the session without one (queries-20 draws its ids at random, so repeats happen), and the count
   * set against the server's must be what was sent.
   */
  private OpResult runInSession(List<Statement> statements) {
    int n = statements.size();
    List<List<Object[]>> rows = new ArrayList<>(n);
    int[] sent = {0};
    try (Session session = sessions.withOptions().statementInspector((UnaryOperator<String>) sql -> {
      sent[0]++;
      return sql;
    }).openSession()) {
      for (Statement s : statements) {
        rows.add(run(session, actions[s.sqlId()], s.params()));
      }
    }
    return OpResult.ofRows(rows).withStatementsSent(sent[0]);
  }

  static List<Object[]> run(Session session, Action action, Object[] params) {
    return switch (action) {
      case FindWorld f -> {
        World w = session.find(World.class, OrmStatements.worldId(params));
        yield w == null ? List.of() : Collections.singletonList(new Object[] {w.getId(), w.getRandomNumber()});
      }
      case NativeSelect q -> {
        NativeQuery<?> query = session.createNativeQuery(q.sql(), Object.class);
        for (int p = 0; p < params.length; p++) {
          query.setParameter(p + 1, params[p]);
        }
        yield OrmStatements.rows(query.getResultList());
      }
    };
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
      try {
        sessions.close();
      } finally {
        pool.close();
      }
    }
  }
}
