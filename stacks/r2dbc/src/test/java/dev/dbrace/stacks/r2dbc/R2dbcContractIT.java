package dev.dbrace.stacks.r2dbc;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.testkit.StackContract;
import java.util.List;

/** The r2dbc stack through the stack contract, on PostgreSQL (r2dbc-postgresql) and MariaDB (r2dbc-mariadb). */
class R2dbcContractIT extends StackContract {
  @Override
  protected List<Case> cases() {
    return List.of(
        Case.of("r2dbc", Engine.POSTGRESQL, "r2dbc-postgresql", "r2dbc-pool", "reactor-core", "netty"),
        Case.of("r2dbc", Engine.MARIADB, "r2dbc-mariadb", "r2dbc-pool", "reactor-core", "netty"));
  }
}
