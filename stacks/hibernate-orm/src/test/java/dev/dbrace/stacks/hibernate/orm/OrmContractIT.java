package dev.dbrace.stacks.hibernate.orm;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.testkit.OrmContract;
import java.util.List;

/** Both Hibernate ORM stacks through the stack contract and the ORM's, on the shared embedded PostgreSQL. */
class OrmContractIT extends OrmContract {
  @Override
  protected List<Case> cases() {
    return List.of(
        Case.of("hibernate-orm", Engine.POSTGRESQL, "hibernate-core", "pgjdbc", "HikariCP"),
        Case.of("hibernate-orm-virtual", Engine.POSTGRESQL, "hibernate-core", "pgjdbc", "HikariCP"));
  }
}
