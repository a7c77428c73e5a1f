package dev.dbrace.stacks.firebird;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.SharedTestFirebird;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both Jaybird stacks against a real Firebird ({@link SharedTestFirebird}); skipped where it cannot be installed. */
@SuppressWarnings("try") // Stack.close() throws Exception
class FirebirdStackTest {

  private static final String POINT_SELECT = "SELECT id, randomnumber FROM world WHERE id = $1";

  @BeforeAll
  static void firebirdInstalled() {
    String why = SharedTestFirebird.unavailable();
    assumeTrue(why == null, why);
  }

  static StackProvider provider(String name) {
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no provider " + name);
  }

  static StackConfig config(String password, Engine engine, Map<String, String> options) {
    DbTarget db = SharedTestFirebird.target();
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), password, 4, 8,
        List.of(POINT_SELECT), "dbrace-firebird-test", options, engine);
  }

  @Test
  void speaksFirebirdOnlyAndNamesItsVersions() {
    for (String name : List.of("jdbc-firebird", "jdbc-firebird-virtual")) {
      StackProvider p = provider(name);
      assertEquals(java.util.Set.of(Engine.FIREBIRD), p.engines());
      assertEquals(Map.of("Jaybird", "6.0.5", "HikariCP", "6.3.3"), p.versions());
      StackConfig pg = config("x", Engine.POSTGRESQL, Map.of());
      var e = assertThrows(IllegalArgumentException.class, () -> p.open(pg));
      assertEquals("stack " + name + " does not speak PostgreSQL", e.getMessage());
    }
  }

  @Test
  void wrongPasswordFailsAtOpenWithoutEchoingIt() {
    String wrong = "wrong-" + SharedTestFirebird.target().password();
    var e = assertThrows(SQLException.class,
        () -> provider("jdbc-firebird").open(config(wrong, Engine.FIREBIRD, Map.of())));
    assertFalse(e.getMessage().contains(wrong), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc-firebird", "jdbc-firebird-virtual"})
  void pointSelectsReturnTheRequestedRows(String name) throws Exception {
    StackConfig c = config(SharedTestFirebird.target().password(), Engine.FIREBIRD, Map.of());
    try (Stack stack = provider(name).open(c)) {
      List<CompletableFuture<OpResult>> ops = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        int id = 1 + (i * 37) % 10_000;
        ops.add(stack.execute(new Operation(i, 0, List.of(new Statement(0, new Object[] {id})))).toCompletableFuture());
      }
      for (int i = 0; i < ops.size(); i++) {
        OpResult r;
        try {
          r = ops.get(i).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          throw new AssertionError("operation " + i + " failed", e.getCause());
        }
        List<Object[]> rows = r.rows().get(0);
        assertEquals(1, rows.size());
        assertEquals(1 + (i * 37) % 10_000, ((Number) rows.get(0)[0]).intValue());
        int random = ((Number) rows.get(0)[1]).intValue();
        assertTrue(random >= 1 && random <= 10_000, "randomnumber " + random);
      }
    }
  }
}
