package dev.dbrace.generators.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.StatementSpec;
import dev.dbrace.generators.http.Answers.Answer;
import dev.dbrace.generators.http.Answers.WrongAnswer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** E5's /relations check: a non-empty JSON array of objects, every answer of a run the first's bytes. */
public class NodeE5AnswersTest {
  private static final Object[] NONE = {};
  private static final String BODY = "[{\"RDB$RELATION_ID\":0,\"RDB$RELATION_NAME\":\"RDB$PAGES\"},{\"RDB$RELATION_ID\":1}]";

  private static Answer json(String body) {
    return new Answer(200, "application/json", body);
  }

  @Test
  void aBodyDifferingFromTheFirstIsAnError() {
    Answers.SameBody same = new Answers.SameBody();
    assertNull(same.fingerprint(), "nothing answered yet");
    assertEquals(2, Answers.rows("/relations", NONE, json(BODY), same).size());
    assertEquals(2, Answers.rows("/relations", NONE, json(BODY), same).size(), "the same bytes again");
    String reordered = "[{\"RDB$RELATION_ID\":1},{\"RDB$RELATION_ID\":0,\"RDB$RELATION_NAME\":\"RDB$PAGES\"}]";
    assertEquals("body differs from the first",
        assertThrows(WrongAnswer.class, () -> Answers.rows("/relations", NONE, json(reordered), same)).getMessage());
    // a blank more is a different body too, though the same JSON
    assertThrows(WrongAnswer.class, () -> Answers.rows("/relations", NONE, json(BODY + " "), same));
    Map<String, String> f = same.fingerprint();
    assertEquals(Integer.toString(BODY.length()), f.get("body-bytes"), "the first body is the one recorded");
    assertEquals(64, f.get("body-sha256").length());
  }

  @Test
  void wrongTypeShapeOrEmptyIsAnError() {
    Answers.SameBody same = new Answers.SameBody();
    assertThrows(WrongAnswer.class, () -> Answers.rows("/relations", NONE, new Answer(200, "text/plain", BODY), same));
    assertEquals("expected a non-empty JSON array",
        assertThrows(WrongAnswer.class, () -> Answers.rows("/relations", NONE, json("[]"), same)).getMessage());
    assertThrows(WrongAnswer.class, () -> Answers.rows("/relations", NONE, json("{\"a\":1}"), same));
    assertThrows(WrongAnswer.class, () -> Answers.rows("/relations", NONE, json("[1,2]"), same));
    assertNull(same.fingerprint(), "a wrong answer is never the reference");
  }

  /** E5's 10-row follow-up: /relations?limit=N asks for exactly N rows (N 1..50); anything else there is refused in one line. */
  @Test
  void relationsWithALimitWantExactlyThatManyRows() {
    StatementSpec s = Endpoints.forEndpoint("/relations?limit=10").mix().get(0)
        .statements().get(0);
    assertEquals("/relations?limit=10", s.sql());
    assertEquals(10, s.minRows());
    assertEquals(10, s.maxRows());
    assertEquals(2, Answers.rows("/relations?limit=10", NONE, json(BODY), new Answers.SameBody()).size());
    for (String bad : new String[] {"/relations?limit=0", "/relations?limit=51", "/relations?limit=x", "/relations?rows=10"}) {
      assertEquals("/relations takes only limit=N, N in 1..50; got '" + bad + "'",
          assertThrows(IllegalArgumentException.class, () -> Endpoints.forEndpoint(bad)).getMessage());
    }
  }
}
