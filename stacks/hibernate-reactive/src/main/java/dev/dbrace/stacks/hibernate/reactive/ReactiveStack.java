package dev.dbrace.stacks.hibernate.reactive;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.stacks.ormbase.OrmStatements.Action;
import dev.dbrace.stacks.ormbase.OrmStatements.FindWorld;
import dev.dbrace.stacks.ormbase.OrmStatements.NativeSelect;
import dev.dbrace.stacks.ormbase.OrmStatements;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.impl.ContextInternal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.provider.ReactiveServiceRegistryBuilder;
import org.hibernate.service.ServiceRegistry;

/**
 * Hibernate Reactive on its Vert.x PostgreSQL pool: each operation is one {@code withSession}, a
 * fresh session holding one pooled connection for the operation's statements, sent one after the
 * other, closed at the end. No transaction: the statements run in autocommit, as in the JDBC stacks.
 *
 * <p>Threads: Hibernate Reactive keeps the current session in the local data of the Vert.x context
 * it runs on, and {@code withSession} reuses a session it finds there. So every operation starts on
 * a context of its own, a duplicate of the current one (as a Vert.x server gives each request one):
 * issued from an event loop of this stack (a user's next operation, from the completion of its
 * previous one) it starts at once on that thread; issued from any other thread, on an event loop
 * Vert.x picks round-robin. Thread-safe.
 */
public final class ReactiveStack implements Stack {

  private final Vertx vertx;
  private final ServiceRegistry registry;
  private final Mutiny.SessionFactory sessions;
  private final Action[] actions;

  ReactiveStack(Vertx vertx, ServiceRegistry registry, Mutiny.SessionFactory sessions, Action[] actions) {
    this.vertx = vertx;
    this.registry = registry;
    this.sessions = sessions;
    this.actions = actions;
  }

  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    return inSession(session -> run(session, op.statements()));
  }

  /** Runs {@code work} in a fresh session on a fresh context; the session is closed when it completes. */
  <T> CompletionStage<T> inSession(Function<Mutiny.Session, Uni<T>> work) {
    return sessions.withSession(work).runSubscriptionOn(freshContext()).subscribeAsCompletionStage();
  }

  /** Where an operation starts: a new duplicated context, so no session can be found and shared. */
  private Executor freshContext() {
    Context current = Vertx.currentContext();
    if (current instanceof ContextInternal c && c.owner() == vertx && c.nettyEventLoop().inEventLoop()) {
      ContextInternal dup = c.duplicate();
      return dup::dispatch;
    }
    ContextInternal dup = ((ContextInternal) vertx.getOrCreateContext()).duplicate();
    return task -> dup.runOnContext(v -> task.run());
  }

  /**
   * The operation's statements, one after the other, and how many of them reached the server. A
   * {@code find} of an id this session already loaded is answered from the session's persistence
   * context without a statement (queries-20 draws its ids at random, so repeats happen). Hibernate
   * Reactive calls no statement inspector, so the count follows that rule of the persistence
   * context (JPA's {@code find}: a managed instance is returned from there): a find sends a select
   * unless an earlier find of this session returned the entity; a native query always sends one.
   */
  private Uni<OpResult> run(Mutiny.Session session, List<Statement> statements) {
    List<List<Object[]>> rows = new ArrayList<>(statements.size());
    Set<Object> loaded = new HashSet<>();
    int[] sent = {0};
    Uni<Void> chain = Uni.createFrom().voidItem();
    for (Statement s : statements) {
      Action action = actions[s.sqlId()];
      chain = chain.chain(() -> {
        Object id = action instanceof FindWorld ? OrmStatements.worldId(s.params()) : null;
        if (id == null || !loaded.contains(id)) {
          sent[0]++;
        }
        return run(session, action, s.params()).invoke(r -> {
          rows.add(r);
          if (id != null && !r.isEmpty()) {
            loaded.add(id);
          }
        }).replaceWithVoid();
      });
    }
    return chain.map(v -> OpResult.ofRows(rows).withStatementsSent(sent[0]));
  }

  static Uni<List<Object[]>> run(Mutiny.Session session, Action action, Object[] params) {
    return switch (action) {
      case FindWorld f -> session.find(World.class, OrmStatements.worldId(params))
          .map(w -> w == null ? List.<Object[]>of()
              : Collections.singletonList(new Object[] {w.getId(), w.getRandomNumber()}));
      case NativeSelect q -> {
        Mutiny.SelectionQuery<Object> query = session.createNativeQuery(q.sql(), Object.class);
        for (int p = 0; p < params.length; p++) {
          query.setParameter(p + 1, params[p]);
        }
        yield query.getResultList().map(OrmStatements::rows);
      }
    };
  }

  @Override
  public void close() throws Exception {
    try {
      sessions.close(); // closes the pool
    } finally {
      try {
        ReactiveServiceRegistryBuilder.destroy(registry);
      } finally {
        vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      }
    }
  }
}
