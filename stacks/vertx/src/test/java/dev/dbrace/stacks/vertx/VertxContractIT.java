package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.testkit.StackContract;
import java.util.List;

/**
 * Both Vert.x stacks through the stack contract on PostgreSQL, and the pooled one on MariaDB
 * through Vert.x's MySQL client (the pipelined one speaks PostgreSQL only: {@link VertxStackIT}).
 */
class VertxContractIT extends StackContract {
  @Override
  protected List<Case> cases() {
    return List.of(
        Case.of("vertx", Engine.POSTGRESQL, "vertx-core", "vertx-sql-client", "vertx-pg-client", "netty"),
        Case.of("vertx-pipelined", Engine.POSTGRESQL, "vertx-core", "vertx-sql-client", "vertx-pg-client", "netty"),
        Case.of("vertx", Engine.MARIADB, "vertx-core", "vertx-sql-client", "vertx-mysql-client", "netty"));
  }
}
