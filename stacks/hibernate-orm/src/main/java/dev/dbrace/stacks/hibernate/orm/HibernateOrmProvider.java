package dev.dbrace.stacks.hibernate.orm;

import dev.dbrace.stacks.jdbcbase.PlatformPool;
import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.ExecutorService;

/** {@code hibernate-orm}: sessions on a fixed pool of platform threads, like {@code jdbc-platform}. */
public final class HibernateOrmProvider extends OrmStackProvider {

  @Override
  public String name() {
    return "hibernate-orm";
  }

  @Override
  public String description() {
    return "Hibernate ORM (a session per operation, no 2nd-level cache) on HikariCP, blocking calls on a"
        + " fixed pool of N platform threads (N = --threads, default 200 like Tomcat; elastic: one per operation in flight)";
  }

  @Override
  ExecutorService newExecutor(StackConfig config) {
    return PlatformPool.of(config, name(), true);
  }
}
