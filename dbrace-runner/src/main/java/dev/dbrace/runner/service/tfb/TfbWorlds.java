package dev.dbrace.runner.service.tfb;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.runner.service.tfb.TfbCheck.Outcome;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * TFB's rules for the world rows' JSON ({@code verify_randomnumber_object}, {@code verify_randomnumber_list}, the db
 * test type and the query cases): an object with keys id and randomNumber in any case mapping to integers, nothing
 * else, within 1..10,000; /queries and /updates an array of as many as the {@code queries} parameter asks. A check
 * the body gave nothing to check on is broken ("not checked"), so every answer counts the same checks. Stricter than
 * TFB in two places: an integer must be a JSON number (TFB's {@code int()} also takes "5"), and randomNumber must be
 * at least 1 (TFB warns only above 10,000). Pure functions.
 */
final class TfbWorlds {
  static final int MIN = 1;
  static final int MAX = 500;
  private static final ObjectMapper JSON = new ObjectMapper();
  /** TFB stops looking at an array's objects after this many bad ones. */
  private static final int BAD_OBJECTS = 5;

  private TfbWorlds() {}

  /**
   * The array length TFB expects for {@code queries=q}: the integer clamped to 1..500, or 1 when q is not an integer
   * (TFB's {@code int(q)}: surrounding whitespace and a sign allowed, any size).
   */
  static int expectedLength(String q) {
    BigInteger n;
    try {
      n = new BigInteger(q.strip());
    } catch (NumberFormatException e) {
      return MIN;
    }
    return n.max(BigInteger.valueOf(MIN)).min(BigInteger.valueOf(MAX)).intValueExact();
  }

  /** The db test: one object (an array of one is TFB's warning). */
  static List<TfbCheck> db(TfbResponse r) {
    String url = r.url();
    List<TfbCheck> out = new ArrayList<>();
    JsonNode body = parsed(r, out, Outcome.FAIL, List.of(TfbRule.DB_OBJECT, TfbRule.WORLD, TfbRule.WORLD_KEYS,
        TfbRule.WORLD_RANGE));
    if (body == null) {
      return out;
    }
    out.add(TfbCheck.of(url, TfbRule.DB_OBJECT, body.isArray() ? "a JSON array" : null));
    JsonNode world = body.isArray() && !body.isEmpty() ? body.get(0) : body;
    out.addAll(objects(url, List.of(world), Outcome.FAIL));
    return out;
  }

  /** A query case: an array of {@code expected} objects; {@code grade} is the case's (TFB's warn for 501). */
  static List<TfbCheck> list(TfbResponse r, int expected, Outcome grade) {
    String url = r.url();
    List<TfbCheck> out = new ArrayList<>();
    JsonNode body = parsed(r, out, grade, List.of(TfbRule.ARRAY, TfbRule.ARRAY_LENGTH, TfbRule.WORLD,
        TfbRule.WORLD_KEYS, TfbRule.WORLD_RANGE));
    if (body == null) {
      return out;
    }
    if (!body.isArray()) {
      out.add(TfbCheck.of(url, TfbRule.ARRAY, grade, "top-level JSON is an object, not an array"));
      out.add(TfbCheck.of(url, TfbRule.ARRAY_LENGTH, grade, "not an array"));
      out.addAll(objects(url, List.of(body), grade));
      return out;
    }
    List<JsonNode> items = new ArrayList<>();
    body.forEach(items::add);
    out.add(TfbCheck.of(url, TfbRule.ARRAY, grade,
        items.stream().allMatch(JsonNode::isObject) ? null : "not all items in the JSON array are JSON objects"));
    out.add(TfbCheck.of(url, TfbRule.ARRAY_LENGTH, grade,
        items.size() == expected ? null : "JSON array length " + items.size() + ", expected " + expected));
    out.addAll(objects(url, items, grade));
    return out;
  }

  /** RESPONSE and JSON checked; the body, or null with {@code rest} broken as not checked. */
  private static JsonNode parsed(TfbResponse r, List<TfbCheck> out, Outcome grade, List<TfbRule> rest) {
    String why = r.notAnswered();
    out.add(TfbCheck.of(r.url(), TfbRule.RESPONSE, grade, why));
    JsonNode body = null;
    if (why == null) {
      try {
        body = JSON.readTree(r.body());
      } catch (java.io.IOException e) {
        why = "invalid JSON: " + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage());
      }
      out.add(TfbCheck.of(r.url(), TfbRule.JSON, grade, why));
    } else {
      out.add(TfbCheck.of(r.url(), TfbRule.JSON, grade, "not checked: no answer"));
    }
    if (body == null) {
      rest.forEach(rule -> out.add(TfbCheck.of(r.url(), rule, grade(rule, grade), "not checked: no JSON")));
    }
    return body;
  }

  /** WORLD, WORLD_KEYS and WORLD_RANGE over the objects, until BAD_OBJECTS of them broke a rule. */
  private static List<TfbCheck> objects(String url, List<JsonNode> items, Outcome grade) {
    Map<TfbRule, List<String>> broken = new EnumMap<>(TfbRule.class);
    int bad = 0;
    for (int i = 0; i < items.size() && bad < BAD_OBJECTS; i++) {
      Map<TfbRule, String> found = object(items.get(i));
      String where = items.size() > 1 ? "item " + (i + 1) + ": " : "";
      found.forEach((rule, why) -> broken.computeIfAbsent(rule, k -> new ArrayList<>()).add(where + why));
      bad += found.isEmpty() ? 0 : 1;
    }
    List<TfbCheck> out = new ArrayList<>();
    for (TfbRule rule : List.of(TfbRule.WORLD, TfbRule.WORLD_KEYS, TfbRule.WORLD_RANGE)) {
      List<String> whys = broken.get(rule);
      out.add(TfbCheck.of(url, rule, grade(rule, grade), whys == null ? null : String.join("; ", whys)));
    }
    return out;
  }

  /** The rules one object breaks, each with why. */
  private static Map<TfbRule, String> object(JsonNode o) {
    Map<TfbRule, String> broken = new EnumMap<>(TfbRule.class);
    if (!o.isObject()) {
      String text = o.toString();
      broken.put(TfbRule.WORLD, "expected a JSON object, got '" + (text.length() > 20 ? text.substring(0, 17) + "..." : text) + "'");
      broken.put(TfbRule.WORLD_RANGE, "not checked: not an object");
      return broken;
    }
    Map<String, JsonNode> keys = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      keys.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
    }
    List<String> extra = keys.keySet().stream().filter(k -> !k.equals("id") && !k.equals("randomnumber")).toList();
    if (!extra.isEmpty()) {
      broken.put(TfbRule.WORLD_KEYS, "extra keys " + String.join(", ", extra));
    }
    JsonNode id = keys.get("id");
    JsonNode number = keys.get("randomnumber");
    List<String> wrong = new ArrayList<>();
    if (id == null || number == null) {
      wrong.add("missing key " + (id == null ? "id" : "randomNumber"));
    }
    if (id != null && !id.isIntegralNumber()) {
      wrong.add("id is not an integer: " + id);
    }
    if (number != null && !number.isIntegralNumber()) {
      wrong.add("randomNumber is not an integer: " + number);
    }
    if (!wrong.isEmpty()) {
      broken.put(TfbRule.WORLD, String.join(", ", wrong));
      broken.put(TfbRule.WORLD_RANGE, "not checked: " + String.join(", ", wrong));
      return broken;
    }
    if (!inRange(id) || !inRange(number)) {
      broken.put(TfbRule.WORLD_RANGE, "id " + id + ", randomNumber " + number);
    }
    return broken;
  }

  private static boolean inRange(JsonNode n) {
    return n.canConvertToInt() && n.intValue() >= 1 && n.intValue() <= 10_000;
  }

  /** TFB lowers a case's grade on its fail-rules only; a warn-rule stays a warning. */
  private static Outcome grade(TfbRule rule, Outcome caseGrade) {
    return rule.breach() == Outcome.FAIL ? caseGrade : Outcome.WARN;
  }
}
