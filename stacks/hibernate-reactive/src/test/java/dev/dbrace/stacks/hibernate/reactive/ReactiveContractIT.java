package dev.dbrace.stacks.hibernate.reactive;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.testkit.OrmContract;
import java.util.List;

/** The Hibernate Reactive stack through the stack contract and the ORM's, on the shared embedded PostgreSQL. */
class ReactiveContractIT extends OrmContract {
  @Override
  protected List<Case> cases() {
    return List.of(Case.of("hibernate-reactive", Engine.POSTGRESQL,
        "hibernate-reactive-core", "hibernate-core", "vertx-pg-client", "vertx-core", "netty"));
  }
}
