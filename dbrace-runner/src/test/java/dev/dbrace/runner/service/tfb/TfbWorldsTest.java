package dev.dbrace.runner.service.tfb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.runner.service.tfb.TfbCheck.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** TFB's JSON rules for /db, /queries and /updates on scripted answers, and its queries= cases. */
class TfbWorldsTest {
  @Test
  void theQueryCountIsTheIntegerClampedTo1to500AndAnythingElseIs1() {
    assertEquals(2, TfbWorlds.expectedLength("2"));
    assertEquals(1, TfbWorlds.expectedLength("0"));
    assertEquals(1, TfbWorlds.expectedLength("-3"));
    assertEquals(1, TfbWorlds.expectedLength("foo"));
    assertEquals(1, TfbWorlds.expectedLength(""));
    assertEquals(1, TfbWorlds.expectedLength("2.5"));
    assertEquals(500, TfbWorlds.expectedLength("501"));
    assertEquals(500, TfbWorlds.expectedLength("99999999999999999999"));
    assertEquals(20, TfbWorlds.expectedLength(" +20 "));
  }

  @Test
  void aWorldObjectPassesInAnyCaseOfItsKeys() {
    assertEquals(Map.of(), broken(TfbWorlds.db(answer("{\"id\":3217,\"randomNumber\":2149}"))));
    assertEquals(Map.of(), broken(TfbWorlds.db(answer("{\"ID\":1,\"RANDOMNUMBER\":10000}"))));
  }

  @Test
  void eachWayADbAnswerGoesWrongBreaksItsRuleWithTfbsGrade() {
    assertEquals(Map.of(TfbRule.DB_OBJECT, Outcome.WARN), broken(TfbWorlds.db(answer("[{\"id\":1,\"randomNumber\":2}]"))));
    assertEquals(Map.of(TfbRule.WORLD, Outcome.FAIL, TfbRule.WORLD_RANGE, Outcome.WARN),
        broken(TfbWorlds.db(answer("{\"id\":1}"))));
    assertEquals(Map.of(TfbRule.WORLD, Outcome.FAIL, TfbRule.WORLD_RANGE, Outcome.WARN),
        broken(TfbWorlds.db(answer("{\"id\":\"1\",\"randomNumber\":2}"))));
    assertEquals(Map.of(TfbRule.WORLD_KEYS, Outcome.WARN), broken(TfbWorlds.db(answer("{\"id\":1,\"randomNumber\":2,\"x\":0}"))));
    assertEquals(Map.of(TfbRule.WORLD_RANGE, Outcome.WARN), broken(TfbWorlds.db(answer("{\"id\":10001,\"randomNumber\":2}"))));
    assertEquals(Map.of(TfbRule.WORLD_RANGE, Outcome.WARN), broken(TfbWorlds.db(answer("{\"id\":1,\"randomNumber\":0}"))));
    Map<TfbRule, Outcome> notJson = broken(TfbWorlds.db(answer("{\"id\":1,")));
    assertEquals(Outcome.FAIL, notJson.get(TfbRule.JSON));
    assertEquals(6, TfbWorlds.db(answer("{")).size(), "every check counted even with nothing to check");
    assertEquals(Outcome.FAIL, broken(TfbWorlds.db(TfbResponse.none("/db", "refused"))).get(TfbRule.RESPONSE));
  }

  @Test
  void aQueryCaseCountsItsObjectsAndGradesAsTheCaseDoes() {
    String two = "[{\"id\":1,\"randomNumber\":2},{\"id\":3,\"randomNumber\":4}]";
    assertEquals(Map.of(), broken(TfbWorlds.list(answer(two), 2, Outcome.FAIL)));
    assertEquals(Map.of(TfbRule.ARRAY_LENGTH, Outcome.FAIL), broken(TfbWorlds.list(answer(two), 1, Outcome.FAIL)));
    assertEquals(Map.of(TfbRule.ARRAY_LENGTH, Outcome.WARN), broken(TfbWorlds.list(answer(two), 500, Outcome.WARN)));
    assertEquals(Map.of(TfbRule.ARRAY, Outcome.FAIL, TfbRule.ARRAY_LENGTH, Outcome.FAIL),
        broken(TfbWorlds.list(answer("{\"id\":1,\"randomNumber\":2}"), 1, Outcome.FAIL)));
    assertEquals(Map.of(TfbRule.ARRAY, Outcome.FAIL, TfbRule.WORLD, Outcome.FAIL, TfbRule.WORLD_RANGE, Outcome.WARN),
        broken(TfbWorlds.list(answer("[{\"id\":1,\"randomNumber\":2},7]"), 2, Outcome.FAIL)));
    assertEquals(Map.of(TfbRule.WORLD_KEYS, Outcome.WARN),
        broken(TfbWorlds.list(answer("[{\"id\":1,\"randomNumber\":2,\"extra\":1}]"), 1, Outcome.WARN)));
  }

  static TfbResponse answer(String body) {
    return new TfbResponse("/x", 200, Map.of(), body.getBytes(StandardCharsets.UTF_8), null);
  }

  static Map<TfbRule, Outcome> broken(List<TfbCheck> checks) {
    return checks.stream().filter(c -> !c.passed()).collect(Collectors.toMap(TfbCheck::rule, TfbCheck::outcome));
  }
}
