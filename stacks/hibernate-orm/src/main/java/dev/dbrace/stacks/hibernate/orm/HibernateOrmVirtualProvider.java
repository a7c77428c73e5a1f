package dev.dbrace.stacks.hibernate.orm;

import dev.dbrace.stacks.jdbcbase.VirtualThreads;
import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.ExecutorService;

/** {@code hibernate-orm-virtual}: a virtual thread per operation, like {@code jdbc-virtual}. */
public final class HibernateOrmVirtualProvider extends OrmStackProvider {

  @Override
  public String name() {
    return "hibernate-orm-virtual";
  }

  @Override
  public String description() {
    return "Hibernate ORM (a session per operation, no 2nd-level cache) on HikariCP, one virtual thread"
        + " per operation";
  }

  @Override
  ExecutorService newExecutor(StackConfig config) {
    return new VirtualThreads(name() + "-", true);
  }
}
