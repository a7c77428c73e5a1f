package dev.dbrace.stacks.jdbc;

import dev.dbrace.core.exec.VirtualThreads;
import dev.dbrace.core.spi.StackConfig;
import java.util.Set;
import java.util.concurrent.ExecutorService;

/**
 * {@code jdbc-virtual}: a new virtual thread for every operation, except that an operation issued
 * as the previous one completes continues on that virtual thread (see {@link VirtualThreads});
 * {@code handoff=new} starts a new one every time.
 */
public final class JdbcVirtualProvider extends JdbcStackProvider {

  @Override
  public String name() {
    return "jdbc-virtual";
  }

  @Override
  public String description() {
    return "pgjdbc + HikariCP, one virtual thread per operation";
  }

  @Override
  Set<String> knownOptions() {
    return Set.of(PREPARE_THRESHOLD, JdbcPlatformProvider.HANDOFF);
  }

  @Override
  ExecutorService newExecutor(StackConfig config) {
    String handoff = config.options().getOrDefault(JdbcPlatformProvider.HANDOFF, "local");
    boolean local =
        switch (handoff) {
          case "local" -> true;
          case "new" -> false;
          default ->
              throw new IllegalArgumentException(
                  "option " + JdbcPlatformProvider.HANDOFF + " must be local or new, got '" + handoff + "'");
        };
    return new VirtualThreads(name() + "-", local);
  }
}
