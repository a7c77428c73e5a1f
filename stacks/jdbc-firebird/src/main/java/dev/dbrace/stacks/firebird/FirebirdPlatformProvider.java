package dev.dbrace.stacks.firebird;

import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.stacks.jdbcbase.JdbcExecutors;
import java.util.concurrent.ExecutorService;

/** {@code jdbc-firebird}: Jaybird's blocking calls on a fixed pool of platform threads, as a servlet container has. */
public final class FirebirdPlatformProvider extends FirebirdStackProvider {

  @Override
  public String name() {
    return "jdbc-firebird";
  }

  @Override
  public String description() {
    return "Firebird: Jaybird + HikariCP, blocking calls on a fixed pool of N platform threads"
        + " (N = --threads, default 200 like Tomcat)";
  }

  @Override
  protected ExecutorService newExecutor(StackConfig config) {
    return JdbcExecutors.platform(name(), config);
  }
}
