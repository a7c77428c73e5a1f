package dev.dbrace.generators.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.PathNotFoundException;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import dev.dbrace.core.workload.ExpectedAnswer;
import dev.dbrace.core.workload.ExpectedAnswer.JsonCheck;
import dev.dbrace.core.workload.ParamDomain;
import dev.dbrace.core.workload.ParamGen;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The answers of a user's endpoint checked as its service file says (docs/service-file.md): the status, the media type,
 * and each JSON check on the values its JSONPath (Jayway's, on Jackson's tree) finds; a path that finds nothing fails.
 * A path that can match several values (a wildcard, a filter) checks each. One per endpoint, its paths compiled once;
 * thread-safe (immutable).
 */
final class FileAnswers {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$(\\d+)");
  private static final Configuration PATHS = Configuration.builder().jsonProvider(new JacksonJsonNodeJsonProvider(JSON))
      .mappingProvider(new JacksonMappingProvider(JSON)).build();
  /** One row per verified answer: the statement expects exactly one. */
  private static final List<Object[]> ONE_ROW = List.<Object[]>of(new Object[0]);

  private final ExpectedAnswer expect;
  /** The endpoint's parameter generators: a rows check's query takes some of their values. */
  private final List<ParamGen> params;
  /** A rows check's answers by the values its query takes ({@link #key}), read before the run; null without one. */
  private volatile Map<String, List<JsonNode>> expectedRows;
  /** The request's parameters (by number) a rows check's query takes; empty without one. */
  private final List<Integer> takes;
  private final JsonPath rowsAt;
  private final List<JsonPath> paths;
  /** The literals of each check as JSON, compared with what the body holds. */
  private final List<JsonNode> equals;
  private final List<List<JsonNode>> oneOf;

  FileAnswers(ExpectedAnswer expect) {
    this(expect, List.of());
  }

  FileAnswers(ExpectedAnswer expect, List<ParamGen> params) {
    this.expect = expect;
    this.params = List.copyOf(params);
    this.rowsAt = expect.rows() == null ? null : JsonPath.compile(expect.rows().at());
    this.takes = expect.rows() == null ? List.of() : expect.rows().takes(params.size());
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

  /** Whether a rows check needs its expected rows read ({@link #readExpectedRows}) before the run. */
  boolean readsRows() {
    return expect.rows() != null;
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
    if (expect.json().isEmpty() && expect.rows() == null) {
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
    if (expect.rows() != null) {
      rowsMatch(body, params);
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

  /**
   * Reads the rows a rows check expects, for every combination of the values its query takes, on {@code db} (the race's
   * database, as the generator's worker reaches it), before any request. One query per combination, on one connection.
   */
  void readExpectedRows(Connection db) throws SQLException {
    if (expect.rows() == null) {
      return;
    }
    List<Integer> taken = takes;
    List<List<Object>> combinations = ParamDomain.product(taken.stream().map(n -> ParamDomain.values(params.get(n - 1)))
        .toList());
    if (combinations == null) {
      throw new IllegalArgumentException("expect.rows: its params have more than " + ParamDomain.LIMIT + " values");
    }
    Map<String, List<JsonNode>> byKey = new HashMap<>();
    // JDBC binds by position: each $n of the query becomes a ? bound to the nth value it takes
    List<Integer> order = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(expect.rows().sql());
    while (m.find()) {
      order.add(Integer.parseInt(m.group(1)));
    }
    for (int n : order) {
      if (n < 1 || n > taken.size()) {
        throw new IllegalArgumentException("expect.rows.sql: $" + n + " but it takes " + taken.size() + " params");
      }
    }
    try (PreparedStatement ps = db.prepareStatement(PLACEHOLDER.matcher(expect.rows().sql()).replaceAll("?"))) {
      for (List<Object> values : combinations) {
        for (int i = 0; i < order.size(); i++) {
          ps.setObject(i + 1, values.get(order.get(i) - 1));
        }
        List<JsonNode> rows = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
          ResultSetMetaData md = rs.getMetaData();
          while (rs.next()) {
            ObjectNode row = JSON.createObjectNode();
            for (int c = 1; c <= md.getColumnCount(); c++) {
              row.set(md.getColumnLabel(c), JSON.valueToTree(value(rs.getObject(c))));
            }
            rows.add(row);
          }
        }
        byKey.put(key(values), rows);
      }
    }
    expectedRows = Map.copyOf(byKey);
  }

  /** A column's value as JSON compares it: numbers and text as they are, anything else (a timestamp) as its text. */
  private static Object value(Object v) {
    return v == null || v instanceof Number || v instanceof String || v instanceof Boolean ? v : v.toString();
  }

  private static String key(List<Object> values) {
    StringBuilder k = new StringBuilder();
    for (Object v : values) {
      k.append(v).append('\u0001');
    }
    return k.toString();
  }

  /** The body at the check's path is the expected rows: one row an object, several an array, in any order. */
  private void rowsMatch(JsonNode body, Object[] request) {
    List<Object> values = new ArrayList<>();
    for (int n : takes) {
      values.add(request[n - 1]);
    }
    List<JsonNode> expected = expectedRows == null ? null : expectedRows.get(key(values));
    if (expected == null) {
      throw new Answers.WrongAnswer("rows: no expected rows read for these parameters");
    }
    String at = expect.rows().at();
    JsonNode found;
    try {
      found = rowsAt.read(body, PATHS);
    } catch (PathNotFoundException e) {
      throw new Answers.WrongAnswer(at + ": nothing there");
    }
    List<JsonNode> answered = new ArrayList<>();
    if (found != null && found.isArray()) {
      found.forEach(answered::add);
    } else if (found != null && found.isObject()) {
      answered.add(found);
    } else {
      throw new Answers.WrongAnswer(at + ": not the query's rows (neither an object nor an array)");
    }
    if (answered.size() != expected.size()) {
      throw new Answers.WrongAnswer(at + ": " + answered.size() + " rows, the query has " + expected.size());
    }
    List<JsonNode> left = new ArrayList<>(expected);
    for (JsonNode a : answered) {
      JsonNode match = left.stream().filter(row -> sameRow(row, a)).findFirst().orElse(null);
      if (match == null) {
        throw new Answers.WrongAnswer(at + ": a row the query does not have");
      }
      left.remove(match);
    }
  }

  /** Every column of {@code row} equals the field of {@code answered} of the same name, whatever its case. */
  private static boolean sameRow(JsonNode row, JsonNode answered) {
    if (!answered.isObject()) {
      return false;
    }
    for (Map.Entry<String, JsonNode> column : row.properties()) {
      JsonNode field = null;
      for (Map.Entry<String, JsonNode> f : answered.properties()) {
        if (f.getKey().equalsIgnoreCase(column.getKey())) {
          field = f.getValue();
          break;
        }
      }
      if (field == null || !same(field, column.getValue())) {
        return false;
      }
    }
    return true;
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
