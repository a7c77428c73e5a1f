package dev.dbrace.stacks.jdbc;

import dev.dbrace.core.exec.PlatformPool;
import dev.dbrace.core.spi.StackConfig;
import java.util.Set;
import java.util.concurrent.ExecutorService;

/** {@code jdbc-platform}: a fixed pool of platform threads, as a servlet container has. */
public final class JdbcPlatformProvider extends JdbcStackProvider {

  /** {@code local} (default) or {@code queue}: see {@link PlatformPool}. */
  static final String HANDOFF = "handoff";

  @Override
  public String name() {
    return "jdbc-platform";
  }

  @Override
  public String description() {
    return "pgjdbc + HikariCP, blocking calls on a fixed pool of N platform threads"
        + " (N = --threads, default 200 like Tomcat)";
  }

  @Override
  Set<String> knownOptions() {
    return Set.of(PREPARE_THRESHOLD, HANDOFF);
  }

  @Override
  ExecutorService newExecutor(StackConfig config) {
    int threads = config.threads();
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    String handoff = config.options().getOrDefault(HANDOFF, "local");
    boolean local =
        switch (handoff) {
          case "local" -> true;
          case "queue" -> false;
          default ->
              throw new IllegalArgumentException(
                  "option " + HANDOFF + " must be local or queue, got '" + handoff + "'");
        };
    return new PlatformPool(threads, name(), local);
  }
}
