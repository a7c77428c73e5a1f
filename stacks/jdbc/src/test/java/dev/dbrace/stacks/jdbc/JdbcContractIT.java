package dev.dbrace.stacks.jdbc;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.testkit.StackContract;
import java.util.List;

/** Both JDBC stacks through the stack contract, on PostgreSQL (pgjdbc) and on MariaDB (Connector/J). */
class JdbcContractIT extends StackContract {
  @Override
  protected List<Case> cases() {
    return List.of(
        Case.of("jdbc-platform", Engine.POSTGRESQL, "pgjdbc", "HikariCP"),
        Case.of("jdbc-virtual", Engine.POSTGRESQL, "pgjdbc", "HikariCP"),
        Case.of("jdbc-platform", Engine.MARIADB, "MariaDB Connector/J", "HikariCP"),
        Case.of("jdbc-virtual", Engine.MARIADB, "MariaDB Connector/J", "HikariCP"));
  }
}
