package dev.dbrace.stacks.firebird;

import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.stacks.jdbcbase.JdbcExecutors;
import java.util.concurrent.ExecutorService;

/**
 * {@code jdbc-firebird-virtual}: a virtual thread per operation, continuing on the previous one's
 * thread when issued as it completes (see {@link JdbcExecutors#virtual}); {@code handoff=new} starts a
 * new one every time.
 */
public final class FirebirdVirtualProvider extends FirebirdStackProvider {

  @Override
  public String name() {
    return "jdbc-firebird-virtual";
  }

  @Override
  public String description() {
    return "Firebird: Jaybird + HikariCP, one virtual thread per operation";
  }

  @Override
  protected ExecutorService newExecutor(StackConfig config) {
    return JdbcExecutors.virtual(name(), config);
  }
}
