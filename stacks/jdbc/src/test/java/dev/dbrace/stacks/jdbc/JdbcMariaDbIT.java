package dev.dbrace.stacks.jdbc;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.testkit.StackContract;
import dev.dbrace.testkit.TestStacks;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What only the JDBC stacks do on MariaDB (the shared test MariaDB; skipped where it cannot be
 * installed): Connector/J's own option, and pgjdbc's refused.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
class JdbcMariaDbIT {
  private static final WorkloadSpec POINT = Workloads.byName("point-select", Map.of());

  @BeforeAll
  static void mariaDbInstalled() {
    String why = TestStacks.unavailable(Engine.MARIADB);
    assumeTrue(why == null, why);
  }

  @Test
  void serverSidePreparedStatementsServeAClosedLoop() throws Exception {
    try (Stack stack = TestStacks.provider("jdbc-platform")
        .open(TestStacks.config(Engine.MARIADB, POINT.sqlTexts(), Map.of("useServerPrepStmts", "true")))) {
      StackContract.closedLoop("useServerPrepStmts=true", stack, POINT, 2_000, 8);
    }
  }

  @Test
  void pgjdbcOptionsAreRefusedOnMariaDb() {
    var e = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider("jdbc-platform")
        .open(TestStacks.config(Engine.MARIADB, POINT.sqlTexts(), Map.of("prepareThreshold", "5"))));
    assertTrue(e.getMessage().contains("on MariaDB use useServerPrepStmts"), e.getMessage());
  }
}
