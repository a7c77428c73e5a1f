package dev.dbrace.runner.service.tfb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.runner.service.tfb.TfbCheck.Outcome;
import dev.dbrace.runner.service.tfb.TfbStatements.Expected;
import dev.dbrace.runner.service.tfb.TfbStatements.Totals;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** TFB's judgement of the server's counts, on scripted counts: exact passes, fewer fails, over 5 % more warns. */
class TfbStatementsTest {
  static Map<TfbRule, Outcome> judged(Expected e, Totals t, int failed, int cores) {
    return TfbStatements.judge("/q", e, t, failed, cores).stream().collect(Collectors.toMap(TfbCheck::rule, TfbCheck::outcome));
  }

  @Test
  void queriesPassWhenTheServerCountedWhatTheRequestsCallFor() {
    Expected queries = new Expected(64, 20, 20, 0);
    assertEquals(Map.of(TfbRule.QUERIES_EXECUTED, Outcome.PASS, TfbRule.ROWS_READ, Outcome.PASS),
        judged(queries, new Totals(1280, 1280, 0), 0, 4));
    assertEquals(Map.of(TfbRule.QUERIES_EXECUTED, Outcome.FAIL, TfbRule.ROWS_READ, Outcome.FAIL),
        judged(queries, new Totals(1279, 1279, 0), 0, 4), "one select saved by a cache is one too few");
    assertEquals(Outcome.PASS, judged(queries, new Totals(1279, 1280, 0), 0, 2).get(TfbRule.QUERIES_EXECUTED),
        "1.5 % allowed on the statements on two cores, as TFB's CI");
    assertEquals(Outcome.WARN, judged(queries, new Totals(1400, 1280, 0), 0, 4).get(TfbRule.QUERIES_EXECUTED));
    assertEquals(Outcome.FAIL, judged(queries, new Totals(1280, 1280, 0), 1, 4).get(TfbRule.QUERIES_EXECUTED), "a failed request");
  }

  @Test
  void updatesPassOnePerRowOrOneBulkStatementPerRequest() {
    Expected updates = new Expected(64, 20, 20, 20);
    assertEquals(List.of(Outcome.PASS), judged(updates, new Totals(2560, 1280, 1280), 0, 4).values().stream().distinct().toList());
    assertEquals(List.of(Outcome.PASS), judged(updates, new Totals(1344, 1280, 1250), 0, 4).values().stream().distinct().toList(),
        "bulk: 20 selects and one update per request, 5 % fewer rows allowed");
    assertEquals(Outcome.FAIL, judged(updates, new Totals(2540, 1280, 1260), 0, 4).get(TfbRule.ROWS_UPDATED));
    assertEquals(Outcome.FAIL, judged(updates, new Totals(1280, 1280, 0), 0, 4).get(TfbRule.QUERIES_EXECUTED), "no updates");
  }
}
