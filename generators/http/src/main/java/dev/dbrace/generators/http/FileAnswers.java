package dev.dbrace.generators.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.PathNotFoundException;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import dev.dbrace.core.workload.ExpectedAnswer;
import dev.dbrace.core.workload.ExpectedAnswer.JsonCheck;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answers of a user's endpoint checked as its service file says (docs/service-file.md): the status, the media type,
 * and each JSON check on the values its JSONPath (Jayway's, on Jackson's tree) finds; a path that finds nothing fails.
 * A path that can match several values (a wildcard, a filter) checks each. One per endpoint, its paths compiled once;
 * thread-safe (immutable).
 */
final class FileAnswers {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Configuration PATHS = Configuration.builder().jsonProvider(new JacksonJsonNodeJsonProvider(JSON))
      .mappingProvider(new JacksonMappingProvider(JSON)).build();
  /** One row per verified answer: the statement expects exactly one. */
  private static final List<Object[]> ONE_ROW = List.<Object[]>of(new Object[0]);

  private final ExpectedAnswer expect;
  private final List<JsonPath> paths;
  /** The literals of each check as JSON, compared with what the body holds. */
  private final List<JsonNode> equals;
  private final List<List<JsonNode>> oneOf;

  FileAnswers(ExpectedAnswer expect) {
    this.expect = expect;
    List<JsonPath> p = new ArrayList<>();
    List<JsonNode> e = new ArrayList<>();
    List<List<JsonNode>> o = new ArrayList<>();
    for (JsonCheck c : expect.json()) {
      p.add(JsonPath.compile(c.path()));
      e.add(c.equals() == null ? null : JSON.valueToTree(c.equals()));
      o.add(c.oneOf() == null ? null : c.oneOf().stream().map(v -> (JsonNode) JSON.valueToTree(v)).toList());
    }
    this.paths = List.copyOf(p);
    this.equals = e;
    this.oneOf = o;
  }

  /** The answer's one row when it passes every check; else a {@link Answers.WrongAnswer} saying the first that failed. */
  List<Object[]> rows(Answers.Answer a, Object[] params) {
    if (a.status() != expect.status()) {
      throw new Answers.WrongAnswer("status " + a.status() + ", expected " + expect.status());
    }
    String type = ExpectedAnswer.mediaType(a.contentType());
    if (expect.contentType() != null && !type.equals(expect.contentType().toLowerCase(Locale.ROOT))) {
      throw new Answers.WrongAnswer("content type " + (type.isEmpty() ? "missing" : type) + ", expected "
          + expect.contentType());
    }
    if (expect.json().isEmpty()) {
      return ONE_ROW;
    }
    JsonNode body;
    try {
      body = JSON.readTree(a.body());
    } catch (IOException e) {
      throw new Answers.WrongAnswer("body is not JSON");
    }
    if (body == null || body.isMissingNode()) {
      throw new Answers.WrongAnswer("body is not JSON");
    }
    for (int i = 0; i < paths.size(); i++) {
      JsonPath path = paths.get(i);
      JsonNode found;
      try {
        found = path.read(body, PATHS);
      } catch (PathNotFoundException e) {
        throw new Answers.WrongAnswer(expect.json().get(i).path() + ": nothing there");
      }
      if (path.isDefinite()) {
        check(i, found, params);
      } else {
        if (found == null || found.isEmpty()) {
          throw new Answers.WrongAnswer(expect.json().get(i).path() + ": nothing there");
        }
        for (JsonNode each : found) {
          check(i, each, params);
        }
      }
    }
    return ONE_ROW;
  }

  private void check(int i, JsonNode v, Object[] params) {
    JsonCheck c = expect.json().get(i);
    String at = c.path();
    if (v == null || v.isMissingNode()) {
      throw new Answers.WrongAnswer(at + ": nothing there");
    }
    if (c.type() != null && !type(v).equals(c.type()) && !(c.type().equals("number") && v.isNumber())) {
      throw new Answers.WrongAnswer(at + ": " + type(v) + ", expected " + c.type());
    }
    if (c.min() != null || c.max() != null) {
      if (!v.isNumber()) {
        throw new Answers.WrongAnswer(at + ": " + type(v) + ", expected a number");
      }
      double d = v.asDouble();
      if (c.min() != null && d < c.min() || c.max() != null && d > c.max()) {
        throw new Answers.WrongAnswer(at + ": out of range");
      }
    }
    if (c.length() != null) {
      int n = v.isArray() ? v.size() : v.isTextual() ? v.asText().length() : -1;
      if (n < 0) {
        throw new Answers.WrongAnswer(at + ": " + type(v) + " has no length");
      }
      if (c.length().min() != null && n < c.length().min() || c.length().max() != null && n > c.length().max()) {
        throw new Answers.WrongAnswer(at + ": length out of range");
      }
    }
    if (equals.get(i) != null && !same(v, equals.get(i))) {
      throw new Answers.WrongAnswer(at + ": not the expected value");
    }
    if (c.equalsParam() != null && !same(v, JSON.valueToTree(params[c.equalsParam() - 1]))) {
      throw new Answers.WrongAnswer(at + ": not the request's $" + c.equalsParam());
    }
    if (oneOf.get(i) != null && oneOf.get(i).stream().noneMatch(o -> same(v, o))) {
      throw new Answers.WrongAnswer(at + ": not one of the expected values");
    }
  }

  /** Equal as JSON, numbers by value ({@code 7} and {@code 7.0} are the same). */
  private static boolean same(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  /** The JSON type a check names: an integral number is an integer (and a number). */
  private static String type(JsonNode v) {
    return switch (v.getNodeType()) {
      case NUMBER -> v.isIntegralNumber() || v.decimalValue().stripTrailingZeros().scale() <= 0 ? "integer" : "number";
      case STRING -> "string";
      case BOOLEAN -> "boolean";
      case ARRAY -> "array";
      case OBJECT -> "object";
      case NULL -> "null";
      default -> v.getNodeType().name().toLowerCase(Locale.ROOT);
    };
  }
}
