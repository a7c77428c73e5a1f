package dev.dbrace.stacks.firebird;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.testkit.StackContract;
import dev.dbrace.testkit.TestStacks;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both Jaybird stacks through the stack contract on the shared test Firebird (skipped where it
 * cannot be installed), and the one thing only they have: they speak Firebird and nothing else.
 */
class FirebirdContractIT extends StackContract {
  @Override
  protected List<Case> cases() {
    return List.of(
        Case.of("jdbc-firebird", Engine.FIREBIRD, "Jaybird", "HikariCP"),
        Case.of("jdbc-firebird-virtual", Engine.FIREBIRD, "Jaybird", "HikariCP"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc-firebird", "jdbc-firebird-virtual"})
  void refusesPostgreSqlNamingItself(String name) {
    StackProvider p = TestStacks.provider(name);
    assertEquals(Set.of(Engine.FIREBIRD), p.engines());
    // refused before it connects: no PostgreSQL server is needed for the refusal
    var pg = new StackConfig("127.0.0.1", 1, "postgres", "postgres", "x", 2, 2,
        List.of("SELECT 1"), "dbrace-test", Map.of());
    var e = assertThrows(IllegalArgumentException.class, () -> p.open(pg));
    assertEquals("stack " + name + " does not speak PostgreSQL", e.getMessage());
  }
}
