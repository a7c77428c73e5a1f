package dev.dbrace.stacks.jdbc;

import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** {@code jdbc-virtual}: a new virtual thread for every operation. */
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
  ExecutorService newExecutor(StackConfig config) {
    return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(name() + "-", 0).factory());
  }
}
