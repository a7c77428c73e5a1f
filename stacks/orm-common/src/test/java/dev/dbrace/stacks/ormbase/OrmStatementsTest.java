package dev.dbrace.stacks.ormbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.stacks.ormbase.OrmStatements.FindWorld;
import dev.dbrace.stacks.ormbase.OrmStatements.NativeSelect;
import dev.dbrace.core.workload.Workloads;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class OrmStatementsTest {

  /** The read workloads map; the one that writes (the fault runs' ledger inserts) is refused, naming its statement. */
  @Test
  void everyBuiltInReadWorkloadIsExpressibleAndTheLedgerIsRefused() {
    for (String name : Workloads.descriptions().keySet()) {
      var spec = Workloads.byName(name, Map.of());
      for (var op : spec.mix()) {
        for (var st : op.statements()) {
          if (name.equals(Workloads.LEDGER)) {
            var e = assertThrows(IllegalArgumentException.class, () -> OrmStatements.map("t", List.of(st.sql())));
            assertEquals("t cannot express workload statement: " + st.sql(), e.getMessage());
          } else {
            OrmStatements.map("t", List.of(st.sql())); // throws if not
          }
        }
      }
    }
  }

  @Test
  void worldByIdIsAFindWhateverTheSpacingAndCase() {
    assertInstanceOf(FindWorld.class, OrmStatements.map("t", "SELECT id, randomnumber FROM world WHERE id = $1"));
    assertInstanceOf(FindWorld.class, OrmStatements.map("t", "  select id,  randomnumber\n from WORLD where id = $1; "));
  }

  @Test
  void otherSelectsAreNativeWithJpaPlaceholders() {
    Object a = OrmStatements.map("t", "SELECT w.id, w.randomnumber FROM world w, pg_sleep(0.2) WHERE w.id = $1");
    assertEquals(new NativeSelect("SELECT w.id, w.randomnumber FROM world w, pg_sleep(0.2) WHERE w.id = ?1"), a);
    assertEquals(new NativeSelect("SELECT ?2::text, ?1::int, ?1::int"), OrmStatements.map("t", "SELECT $2::text, $1::int, $1::int"));
    // world by id but another column list: not the entity's shape, so a native query
    assertInstanceOf(NativeSelect.class, OrmStatements.map("t", "SELECT randomnumber, id FROM world WHERE id = $1"));
  }

  @Test
  void writesAndMultipleStatementsFailNamingTheStatement() {
    for (String sql : List.of("UPDATE world SET randomnumber = $2 WHERE id = $1", "SELECT 1; DELETE FROM world",
        "CREATE TEMP TABLE x(a int)")) {
      var e = assertThrows(IllegalArgumentException.class, () -> OrmStatements.map("hibernate-orm", List.of("SELECT 1", sql)));
      assertEquals("hibernate-orm cannot express workload statement: " + sql, e.getMessage());
    }
  }
}
