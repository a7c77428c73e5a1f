package dev.dbrace.stacks.jdbc;

import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.stacks.jdbcbase.JdbcExecutors;
import java.util.concurrent.ExecutorService;

/** {@code jdbc-platform}: a fixed pool of platform threads, as a servlet container has. */
public final class JdbcPlatformProvider extends JdbcStackProvider {

  @Override
  public String name() {
    return "jdbc-platform";
  }

  @Override
  public String description() {
    return "pgjdbc / MariaDB Connector/J + HikariCP, blocking calls on a fixed pool of N platform threads"
        + " (N = --threads, default 200 like Tomcat; --threads elastic: one per operation in flight)";
  }

  @Override
  protected ExecutorService newExecutor(StackConfig config) {
    return JdbcExecutors.platform(name(), config);
  }
}
