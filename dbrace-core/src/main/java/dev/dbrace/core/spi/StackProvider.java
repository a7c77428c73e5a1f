package dev.dbrace.core.spi;

import java.util.Map;
import java.util.Set;

/**
 * The one extension point for stacks, found by {@link java.util.ServiceLoader}. A stack module
 * lists its providers in {@code META-INF/services/dev.dbrace.core.spi.StackProvider}; one module
 * may provide several variants of the same driver (e.g. platform and virtual threads).
 */
public interface StackProvider {

  /** Name used on the command line, e.g. {@code jdbc-platform}. */
  String name();

  /** One line for {@code dbrace list}. */
  String description();

  /** Driver and library versions, recorded in every result, e.g. {@code pgjdbc -> 42.7.14}. */
  Map<String, String> versions();

  /**
   * The versions of what a run on {@code engine} uses: {@link #versions()} less the drivers of the
   * other engines, for a stack that carries one driver per engine.
   */
  default Map<String, String> versions(Engine engine) {
    return versions();
  }

  /**
   * Whether the stack runs an operation marked {@link Operation#transactional()} in one database
   * transaction. A stack that cannot says so here, and a workload that needs transactions is
   * refused before any run starts rather than run without them.
   */
  default boolean transactions() {
    return false;
  }

  /**
   * The engines this stack can talk to; PostgreSQL unless it says otherwise. The runner refuses a
   * race of a stack on any other engine before it starts a database or a worker.
   */
  default Set<Engine> engines() {
    return Set.of(Engine.POSTGRESQL);
  }

  /**
   * Whether the stack can do sslmode verify-ca and verify-full without an {@code sslrootcert}, with
   * its driver's own default root certificates (pgjdbc's ~/.postgresql/root.crt, r2dbc-postgresql's
   * JDK trust store). The Vert.x PG client has none: a race asking it to verify without a root
   * certificate is refused before it starts, rather than connected another way.
   */
  default boolean verifiesWithoutRootCert() {
    return true;
  }

  /**
   * Opens pools and executors and proves the connection works (runs one trivial query), so a
   * wrong password fails here, before any load is generated.
   */
  Stack open(StackConfig config) throws Exception;
}
