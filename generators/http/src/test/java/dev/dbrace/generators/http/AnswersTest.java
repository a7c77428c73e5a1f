package dev.dbrace.generators.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.generators.http.Answers.Answer;
import dev.dbrace.generators.http.Answers.WrongAnswer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generator's checks of the service contract: right answers become rows, wrong ones errors. */
public class AnswersTest {
  private static final Object[] NONE = {};
  private static final String FRAME = "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
      + "<tr><th>id</th><th>message</th></tr>";

  private static Answer json(String body) {
    return new Answer(200, "application/json", body);
  }

  @Test
  void worldRowsFromObjectsAndArrays() {
    assertArrayEquals(new Object[] {3L, 7L}, Answers.rows("/db", NONE, json("{\"id\":3,\"randomNumber\":7}")).get(0));
    List<Object[]> rows = Answers.rows("/queries?queries=2", NONE, json("[{\"id\":1,\"randomNumber\":2},{\"id\":3,\"randomNumber\":4}]"));
    assertEquals(2, rows.size());
    assertArrayEquals(new Object[] {3L, 4L}, rows.get(1));
  }

  @Test
  void wrongStatusTypeOrShapeIsAnError() {
    assertEquals("HTTP server error: status 500",
        assertThrows(WrongAnswer.class, () -> Answers.rows("/db", NONE, new Answer(500, "text/plain", ""))).getMessage());
    assertThrows(WrongAnswer.class, () -> Answers.rows("/db", NONE, new Answer(200, "text/plain", "{\"id\":1,\"randomNumber\":2}")));
    assertThrows(WrongAnswer.class, () -> Answers.rows("/db", NONE, json("{\"id\":\"1\",\"randomNumber\":2}")));
    assertThrows(WrongAnswer.class, () -> Answers.rows("/queries?queries=1", NONE, json("{\"id\":1,\"randomNumber\":2}")));
    assertThrows(WrongAnswer.class, () -> Answers.rows("/film/7", NONE, json("{\"fid\":7}")));
  }

  @Test
  void worldsAreReadFromTheBytesAsTheContractHasThem() {
    byte[] utf8 = "{\"name\":\"フレーム\",\"nested\":{\"id\":\"x\"},\"randomNumber\":9,\"id\":4}"
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertArrayEquals(new Object[] {4L, 9L}, Answers.rows("/db", NONE, new Answer(200, "application/json", utf8)).get(0));
    assertEquals(0, Answers.rows("/queries?queries=0", NONE, json(" [ ] ")).size());
    for (String bad : List.of("{\"id\":1}", "{\"randomNumber\":1}", "{\"id\":1.5,\"randomNumber\":2}",
        "{\"id\":99999999999999999999,\"randomNumber\":2}", "{\"id\":1,\"randomNumber\":2", "{\"id\":1,\"randomNumber\":2}x",
        "{\"id\":1,\"randomNumber\":2}{}", "[{\"id\":1,\"randomNumber\":2}]", "", "null")) {
      assertThrows(WrongAnswer.class, () -> Answers.rows("/db", NONE, json(bad)), bad);
    }
    for (String bad : List.of("[{\"id\":1,\"randomNumber\":2},3]", "[{\"id\":1,\"randomNumber\":2}", "{}", "[[]]")) {
      assertThrows(WrongAnswer.class, () -> Answers.rows("/updates?queries=2", NONE, json(bad)), bad);
    }
  }

  @Test
  void fortunesMustBeEscapedSortedAndCarryTheExtraRow() {
    // '<' sorts before 'A', as on TechEmpower's own page
    String ok = FRAME + "<tr><td>11</td><td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td></tr>"
        + "<tr><td>0</td><td>Additional fortune added at request time.</td></tr></table></body></html>";
    List<Object[]> rows = Answers.rows("/fortunes", NONE, new Answer(200, "text/html; charset=utf-8", ok));
    assertEquals("<script>alert(\"x\")</script>", rows.get(0)[1]);
    assertEquals(2, rows.size());
    assertEquals(11L, rows.get(0)[0]);
    assertEquals(0L, rows.get(1)[0]);
    String japanese = ok.replace("</tr></table>",
        "</tr><tr><td>12</td><td>フレームワークのベンチマーク</td></tr></table>");
    assertEquals("フレームワークのベンチマーク", Answers.rows("/fortunes", NONE, new Answer(200, "text/html", japanese)).get(2)[1]);
    for (String badId : List.of("", "-1", "1a", "99999999999999999999")) {
      String bad = ok.replace("<tr><td>11</td>", "<tr><td>" + badId + "</td>");
      assertThrows(WrongAnswer.class, () -> Answers.rows("/fortunes", NONE, new Answer(200, "text/html", bad)), badId);
    }
    String unclosed = ok.replace("</td></tr><tr><td>0</td>", "</td><tr><td>0</td>").replace("request time.</td></tr>",
        "request time.</td>");
    assertThrows(WrongAnswer.class, () -> Answers.rows("/fortunes", NONE, new Answer(200, "text/html", unclosed)));
    String raw = ok.replace("&lt;script&gt;", "<script>");
    assertThrows(WrongAnswer.class, () -> Answers.rows("/fortunes", NONE, new Answer(200, "text/html", raw)));
    String unsorted = FRAME + "<tr><td>0</td><td>Additional fortune added at request time.</td></tr>"
        + "<tr><td>11</td><td>&lt;x</td></tr></table></body></html>";
    assertThrows(WrongAnswer.class, () -> Answers.rows("/fortunes", NONE, new Answer(200, "text/html", unsorted)));
    String missing = FRAME + "<tr><td>11</td><td>x</td></tr></table></body></html>";
    assertThrows(WrongAnswer.class, () -> Answers.rows("/fortunes", NONE, new Answer(200, "text/html", missing)));
  }

  @Test
  void notificationsAsArrayOrNdjsonWithEachSourceForTheUser() {
    String slow = "{\"source\":\"slow\",\"id\":43,\"randomNumber\":5}";
    String fortune = "{\"source\":\"fortune\",\"id\":7,\"message\":\"m\"}";
    String remote = "{\"source\":\"remote\",\"user\":42,\"delayMs\":1200}";
    List<Object[]> a = Answers.rows("/notifications/42", NONE, json("[" + slow + "," + fortune + "," + remote + "]"));
    List<Object[]> b = Answers.rows("/notifications/42", NONE,
        new Answer(200, "application/x-ndjson", remote + "\n" + slow + "\n" + fortune + "\n"));
    assertEquals(3, a.size());
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(a.get(i), b.get(i));
    }
    String wrongUser = "[" + slow + "," + fortune + "," + remote.replace("42", "41") + "]";
    assertThrows(WrongAnswer.class, () -> Answers.rows("/notifications/42", NONE, json(wrongUser)));
    assertThrows(WrongAnswer.class, () -> Answers.rows("/notifications/42", NONE, json("[" + slow + "," + fortune + "]")));
  }

  @Test
  void notificationsFromTheSlowQueryAndMongoAreCheckedAgainstTheDataset() {
    Answers.NotificationSources e4 = Answers.NotificationSources.of("query", "mongo");
    // user 1042: slow_world row 1043 (randomnumber 1043 * 7919 % 10000 + 1 = 9518), mongo user 43
    String slow = "{\"source\":\"slow\",\"id\":1043,\"randomNumber\":9518}";
    String mongo = "{\"source\":\"mongo\",\"user\":43,\"messages\":[\"notification 1 for user 43\","
        + "\"notification 2 for user 43\",\"notification 3 for user 43\"]}";
    String remote = "{\"source\":\"remote\",\"user\":1042,\"delayMs\":1200}";
    List<Object[]> rows = Answers.rows("/notifications/1042", NONE, json("[" + slow + "," + mongo + "," + remote + "]"), null, e4);
    assertEquals(List.of("mongo", "remote", "slow"), rows.stream().map(r -> r[0]).toList());
    String ndjson = remote + "\n" + mongo + "\n" + slow + "\n";
    assertEquals(3, Answers.rows("/notifications/1042", NONE, new Answer(200, "application/x-ndjson", ndjson), null, e4).size());
    String[] wrong = {
      slow.replace("9518", "9517"), // not slow_world's row
      mongo.replace("\"user\":43", "\"user\":42"), // another user
      mongo.replace("notification 3 for user 43", "notification 4 for user 43"), // not the 3 first
      "{\"source\":\"fortune\",\"id\":11,\"message\":\"m\"}", // a fortune from a variant that reads MongoDB
    };
    for (String w : wrong) {
      String body = "[" + (w.contains("slow") ? w : slow) + "," + (w.contains("slow") ? mongo : w) + "," + remote + "]";
      assertThrows(WrongAnswer.class, () -> Answers.rows("/notifications/1042", NONE, json(body), null, e4), w);
    }
    // the same slow row is right under pg_sleep whatever its randomNumber (world's, which /updates changes)
    String fortune = "{\"source\":\"fortune\",\"id\":11,\"message\":\"m\"}";
    Answers.NotificationSources sleep = Answers.NotificationSources.of("sleep", "fortune");
    assertEquals(3, Answers.rows("/notifications/1042", NONE, json("[" + slow.replace("9518", "1") + "," + fortune + "," + remote
        + "]"), null, sleep).size());
    assertThrows(WrongAnswer.class, () -> Answers.rows("/notifications/1042", NONE, json("[" + slow + "," + mongo + "," + remote
        + "]"), null, sleep));
    assertThrows(IllegalArgumentException.class, () -> Answers.NotificationSources.of("nap", "mongo"));
  }

  @Test
  void pathParametersAreSubstituted() {
    assertEquals("/film/12", Answers.path("/film/$1", new Object[] {12}));
  }

  @Test
  void theEndpointIsThePathsFirstSegmentWithoutTheQuery() {
    assertEquals("/db", Answers.endpoint("/db"));
    assertEquals("/queries", Answers.endpoint("/queries?queries=20"));
    assertEquals("/film", Answers.endpoint("/film/12"));
    assertEquals("/notifications", Answers.endpoint("/notifications/42?x=/y"));
    assertEquals("/relations", Answers.endpoint("/relations?limit=10"));
    assertEquals("/", Answers.endpoint("/?a=b"));
    assertEquals("//x", Answers.endpoint("//x"), "no first segment: the path as it is, so the error names it");
  }
}
