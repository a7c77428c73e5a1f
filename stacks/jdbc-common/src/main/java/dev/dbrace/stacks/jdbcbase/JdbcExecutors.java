package dev.dbrace.stacks.jdbcbase;

import dev.dbrace.stacks.jdbcbase.PlatformPool;
import dev.dbrace.stacks.jdbcbase.VirtualThreads;
import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.ExecutorService;

/**
 * The two executors the blocking JDBC stacks run on, with their {@code handoff} option. Stateless,
 * hence thread-safe.
 */
public final class JdbcExecutors {

  /** {@code local} (default) or the variant's other hand-off, see {@link #platform} and {@link #virtual}. */
  public static final String HANDOFF = "handoff";

  private JdbcExecutors() {}

  /**
   * A fixed pool of {@code --threads} platform threads, as a servlet container has, or with {@code
   * --threads elastic} a pool that grows with the operations in flight ({@link PlatformPool#elastic});
   * {@code handoff=queue} puts every task on the shared queue (see {@link PlatformPool}).
   */
  public static ExecutorService platform(String stack, StackConfig config) {
    return PlatformPool.of(config, stack, handoff(config, "queue"));
  }

  /**
   * A virtual thread per operation, continuing on the previous one's thread when issued as it
   * completes (see {@link VirtualThreads}); {@code handoff=new} starts a new one every time.
   */
  public static ExecutorService virtual(String stack, StackConfig config) {
    return new VirtualThreads(stack + "-", handoff(config, "new"));
  }

  /** True for {@code local}, false for {@code other}; anything else is an error. */
  private static boolean handoff(StackConfig config, String other) {
    String handoff = config.options().getOrDefault(HANDOFF, "local");
    if (handoff.equals("local")) {
      return true;
    }
    if (handoff.equals(other)) {
      return false;
    }
    throw new IllegalArgumentException("option " + HANDOFF + " must be local or " + other + ", got '" + handoff + "'");
  }
}
