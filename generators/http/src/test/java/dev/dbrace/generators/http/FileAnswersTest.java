package dev.dbrace.generators.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.workload.ExpectedAnswer;
import dev.dbrace.core.workload.ExpectedAnswer.JsonCheck;
import dev.dbrace.core.workload.ExpectedAnswer.Length;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A service file's checks on scripted answers: each passes what it should and names what it refuses. */
class FileAnswersTest {
  private static final Object[] ID_7 = {7L};

  private static JsonCheck check(String path, String type, Double min, Double max, Length length, Object equals,
      Integer equalsParam, List<Object> oneOf) {
    return new JsonCheck(path, type, min, max, length, equals, equalsParam, oneOf);
  }

  private static final FileAnswers WORLD = new FileAnswers(new ExpectedAnswer(200, "application/json", List.of(
      check("$.id", "integer", null, null, null, null, 1, null),
      check("$.randomNumber", "integer", 1.0, 10_000.0, null, null, null, null),
      check("$.tags", "array", null, null, new Length(1, 3), null, null, null),
      check("$.tags[*]", "string", null, null, null, null, null, List.of("a", "b")),
      check("$.status", null, null, null, null, "open", null, null))));

  private static Answers.Answer json(String body) {
    return new Answers.Answer(200, "application/json; charset=utf-8", body);
  }

  @Test
  void aCorrectAnswerIsOneRow() {
    assertEquals(1, WORLD.rows(json("{\"id\":7,\"randomNumber\":42,\"tags\":[\"a\",\"b\"],\"status\":\"open\"}"), ID_7).size());
    assertEquals(1, WORLD.rows(json("{\"id\":7.0,\"randomNumber\":1,\"tags\":[\"b\"],\"status\":\"open\"}"), ID_7).size(),
        "7.0 is the request's 7, and an integer");
  }

  @Test
  void eachMistakeIsNamed() {
    wrong(new Answers.Answer(404, "application/json", "{}"), "status 404, expected 200");
    wrong(new Answers.Answer(200, "text/html", "{}"), "content type text/html, expected application/json");
    wrong(json("not json"), "body is not JSON");
    wrong(json("{\"id\":8,\"randomNumber\":42,\"tags\":[\"a\"],\"status\":\"open\"}"), "$.id: not the request's $1");
    wrong(json("{\"id\":7,\"randomNumber\":0,\"tags\":[\"a\"],\"status\":\"open\"}"), "$.randomNumber: out of range");
    wrong(json("{\"id\":7,\"randomNumber\":4.5,\"tags\":[\"a\"],\"status\":\"open\"}"), "$.randomNumber: number, expected integer");
    wrong(json("{\"id\":7,\"randomNumber\":42,\"tags\":[],\"status\":\"open\"}"), "$.tags: length out of range");
    wrong(json("{\"id\":7,\"randomNumber\":42,\"tags\":[\"a\",\"c\"],\"status\":\"open\"}"), "$.tags[*]: not one of");
    wrong(json("{\"id\":7,\"randomNumber\":42,\"tags\":[\"a\"],\"status\":\"paid\"}"), "$.status: not the expected value");
    wrong(json("{\"id\":7,\"tags\":[\"a\"],\"status\":\"open\"}"), "$.randomNumber: nothing there");
  }

  @Test
  void withoutJsonChecksOnlyStatusAndTypeCount() {
    FileAnswers any = new FileAnswers(new ExpectedAnswer(201, null, null));
    assertEquals(1, any.rows(new Answers.Answer(201, "text/plain", "created"), new Object[0]).size());
    assertThrows(Answers.WrongAnswer.class, () -> any.rows(new Answers.Answer(200, "text/plain", "ok"), new Object[0]));
  }

  private static void wrong(Answers.Answer a, String expected) {
    Answers.WrongAnswer e = assertThrows(Answers.WrongAnswer.class, () -> WORLD.rows(a, ID_7));
    assertTrue(e.getMessage().contains(expected), e.getMessage() + " (expected: " + expected + ")");
  }
}
