package dev.dbrace.stacks.jdbc;

import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.stacks.jdbcbase.JdbcExecutors;
import java.util.concurrent.ExecutorService;

/**
 * {@code jdbc-virtual}: a new virtual thread for every operation, except that an operation issued
 * as the previous one completes continues on that virtual thread (see
 * {@link JdbcExecutors#virtual}); {@code handoff=new} starts a new one every time.
 */
public final class JdbcVirtualProvider extends JdbcStackProvider {

  @Override
  public String name() {
    return "jdbc-virtual";
  }

  @Override
  public String description() {
    return "pgjdbc / MariaDB Connector/J + HikariCP, one virtual thread per operation";
  }

  @Override
  protected ExecutorService newExecutor(StackConfig config) {
    return JdbcExecutors.virtual(name(), config);
  }
}
