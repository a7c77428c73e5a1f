package dev.dbrace.generators.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.core.workload.NotificationData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a service answered, checked against the service contract the way TechEmpower's verifier
 * checks it (status, content type, shape, values) and turned into rows for the workload's checks.
 * A wrong answer throws {@link WrongAnswer}: it counts as an error, never as throughput.
 */
public final class Answers {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ROW_START = "<tr><td>";
  private static final String ROW_CELL = "</td><td>";
  private static final String ROW_END = "</td></tr>";
  private static final String EXTRA_FORTUNE = "Additional fortune added at request time.";

  /**
   * An answer as read: its status, content type and body, the body kept as the bytes that came (UTF-8) and decoded
   * to a string only for a check that reads text: the JSON endpoints' checks parse the bytes, which saves the
   * generator a decode and a copy per answer. Not thread-safe; one thread checks an answer.
   */
  static final class Answer {
    private final int status;
    private final String contentType;
    private byte[] bytes;
    private String body;

    Answer(int status, String contentType, byte[] bytes) {
      this.status = status;
      this.contentType = contentType;
      this.bytes = bytes;
    }

    Answer(int status, String contentType, String body) {
      this.status = status;
      this.contentType = contentType;
      this.body = body;
    }

    int status() {
      return status;
    }

    String contentType() {
      return contentType;
    }

    /** The body as text (UTF-8). */
    String body() {
      if (body == null) {
        body = new String(bytes, StandardCharsets.UTF_8);
      }
      return body;
    }

    /** The body's bytes (UTF-8). */
    byte[] bytes() {
      if (bytes == null) {
        bytes = body.getBytes(StandardCharsets.UTF_8);
      }
      return bytes;
    }
  }

  /** A wrong status, content type, shape or value; its message is the error's kind. */
  static final class WrongAnswer extends RuntimeException {
    WrongAnswer(String message) {
      super(message, null, false, false);
    }
  }

  private Answers() {}

  /** The request path with {@code $n} replaced by the operation's parameters. */
  static String path(String template, Object[] params) {
    String p = template;
    for (int i = params.length; i >= 1; i--) {
      p = p.replace("$" + i, String.valueOf(params[i - 1]));
    }
    return p;
  }

  /**
   * An endpoint whose every answer must be the same bytes (E5's /relations): the first body is kept
   * and any other body is an error. Thread-safe; one per generator run.
   */
  static final class SameBody {
    private final AtomicReference<String> first = new AtomicReference<>();

    void check(String body) {
      if (!first.compareAndSet(null, body) && !first.get().equals(body)) {
        throw new WrongAnswer("body differs from the first");
      }
    }

    /** The first body's UTF-8 size and SHA-256 (hex), or null before any answer. */
    Map<String, String> fingerprint() {
      String body = first.get();
      if (body == null) {
        return null;
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      try {
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(bytes);
        return Map.of(BODY_BYTES, Integer.toString(bytes.length), BODY_SHA256, HexFormat.of().formatHex(sha));
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** The keys under which a run's versions record its fixed body (race.json), see {@link SameBody}. */
  static final String BODY_BYTES = "body-bytes";
  static final String BODY_SHA256 = "body-sha256";

  /**
   * What a variant's /notifications reads, as dbrace tells the generator ({@code --stack-opt
   * http.slowSource}, {@code http.secondSource}): the slow source {@code query} or {@code sleep}, the
   * second {@code mongo} or {@code fortune}. Unset: sleep and fortune, the contract before E4's sources.
   */
  record NotificationSources(NotificationData.SlowSource slow, boolean mongo) {
    static final NotificationSources DEFAULT = new NotificationSources(NotificationData.SlowSource.SLEEP, false);

    /** @throws IllegalArgumentException naming the bad value */
    static NotificationSources of(String slow, String second) {
      if (second != null && !second.equals("mongo") && !second.equals("fortune")) {
        throw new IllegalArgumentException("http.secondSource must be mongo or fortune, got " + second);
      }
      try {
        return new NotificationSources(slow == null ? NotificationData.SlowSource.SLEEP : NotificationData.SlowSource.of(slow),
            "mongo".equals(second));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("http." + e.getMessage().replace("slow source", "slowSource"));
      }
    }
  }

  static List<Object[]> rows(String path, Object[] params, Answer a) {
    return rows(path, params, a, null);
  }

  /** {@code same} checks an endpoint that must answer the same bytes every time; null for the others. */
  static List<Object[]> rows(String path, Object[] params, Answer a, SameBody same) {
    return rows(path, params, a, same, NotificationSources.DEFAULT);
  }

  /** As {@link #rows(String, Object[], Answer, SameBody)}, /notifications checked against the sources the variant reads. */
  static List<Object[]> rows(String path, Object[] params, Answer a, SameBody same, NotificationSources sources) {
    if (a.status() != 200) {
      // the kind of an error loses its digits (one row per kind), so the class is said in words
      String kind = a.status() >= 500 ? "server error" : a.status() >= 400 ? "client error" : "not 200";
      throw new WrongAnswer("HTTP " + kind + ": status " + a.status());
    }
    String base = endpoint(path);
    return switch (base) {
      case "/db" -> List.<Object[]>of(worldOnly(a));
      case "/queries", "/updates" -> worlds(a);
      case "/fortunes" -> fortunes(a);
      case "/film" -> List.<Object[]>of(film(object(json(a))));
      case "/notifications" -> notifications(a, Long.parseLong(path.substring(path.lastIndexOf('/') + 1)), sources);
      case "/relations" -> relations(a, same);
      default -> throw new WrongAnswer("no check for " + base);
    };
  }

  /**
   * Whether the contract's endpoint at {@code path} answers the same page every time while the database's rows stay
   * as they are: /fortunes, and /relations (E5's fixed catalogue). The others answer rows drawn at random.
   */
  static boolean fixedPage(String path) {
    String e = endpoint(path);
    return e.equals("/fortunes") || e.equals("/relations");
  }

  /**
   * A path's endpoint: its first segment without the query ({@code /queries/20?x=1} is {@code /queries}); the path
   * without its query when it has no such segment. Plain string search, not a regex: this runs on every answer, and
   * compiling patterns per answer would be a large share of the check's CPU (docs/decisions.md).
   */
  static String endpoint(String path) {
    int q = path.indexOf('?');
    String p = q < 0 ? path : path.substring(0, q);
    if (p.length() < 2 || p.charAt(0) != '/' || p.charAt(1) == '/') {
      return p;
    }
    int slash = p.indexOf('/', 1);
    return slash < 0 ? p : p.substring(0, slash);
  }

  private static JsonNode json(Answer a) {
    requireType(a, "application/json");
    try {
      return JSON.readTree(a.body());
    } catch (Exception e) {
      throw new WrongAnswer("body is not JSON");
    }
  }

  private static void requireType(Answer a, String type) {
    if (a.contentType() == null || !a.contentType().toLowerCase(Locale.ROOT).startsWith(type)) {
      throw new WrongAnswer("content type " + a.contentType() + ", expected " + type);
    }
  }

  private static JsonNode object(JsonNode n) {
    if (!n.isObject()) {
      throw new WrongAnswer("expected a JSON object");
    }
    return n;
  }

  /**
   * /db's answer: one world object. The JSON endpoints of the contract are read with Jackson's streaming parser from
   * the answer's bytes, not into a tree: the check runs on every answer, and the tree was most of its cost.
   */
  private static Object[] worldOnly(Answer a) {
    try (JsonParser p = parser(a)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new WrongAnswer("expected a JSON object");
      }
      Object[] row = world(p);
      end(p);
      return row;
    } catch (IOException e) {
      throw new WrongAnswer("body is not JSON");
    }
  }

  /** /queries' and /updates' answer: an array of world objects, a row each. */
  private static List<Object[]> worlds(Answer a) {
    try (JsonParser p = parser(a)) {
      if (p.nextToken() != JsonToken.START_ARRAY) {
        throw new WrongAnswer("expected a JSON array");
      }
      List<Object[]> rows = new ArrayList<>();
      for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
        if (t != JsonToken.START_OBJECT) {
          throw new WrongAnswer("expected a JSON object");
        }
        rows.add(world(p));
      }
      end(p);
      return rows;
    } catch (IOException e) {
      throw new WrongAnswer("body is not JSON");
    }
  }

  private static JsonParser parser(Answer a) throws IOException {
    requireType(a, "application/json");
    return JSON.createParser(a.bytes());
  }

  /** Nothing but whitespace after the answer's one value. */
  private static void end(JsonParser p) throws IOException {
    if (p.nextToken() != null) {
      throw new WrongAnswer("body is not JSON");
    }
  }

  /**
   * A world object, the parser on its START_OBJECT, left on its END_OBJECT: its integer id and randomNumber (other
   * fields skipped, as the tree's check ignored them).
   */
  private static Object[] world(JsonParser p) throws IOException {
    long id = 0;
    long number = 0;
    boolean hasId = false;
    boolean hasNumber = false;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken v = p.nextToken();
      if (field.equals("id")) {
        id = integer(p, v, field);
        hasId = true;
      } else if (field.equals("randomNumber")) {
        number = integer(p, v, field);
        hasNumber = true;
      } else {
        p.skipChildren();
      }
    }
    if (!hasId || !hasNumber) {
      throw new WrongAnswer("field " + (hasId ? "randomNumber" : "id") + " missing or not an integer");
    }
    return new Object[] {id, number};
  }

  private static long integer(JsonParser p, JsonToken v, String field) throws IOException {
    if (v != JsonToken.VALUE_NUMBER_INT) {
      throw new WrongAnswer("field " + field + " missing or not an integer");
    }
    try {
      return p.getLongValue();
    } catch (InputCoercionException e) {
      throw new WrongAnswer("field " + field + " missing or not an integer");
    }
  }

  /** E5's catalogue: a non-empty JSON array of objects, the same bytes as the run's first answer; a row per object. */
  private static List<Object[]> relations(Answer a, SameBody same) {
    JsonNode n = json(a);
    if (!n.isArray() || n.isEmpty()) {
      throw new WrongAnswer("expected a non-empty JSON array");
    }
    List<Object[]> rows = new ArrayList<>(n.size());
    n.forEach(o -> rows.add(new Object[] {object(o).size()}));
    if (same != null) {
      same.check(a.body());
    }
    return rows;
  }

  private static Object[] film(JsonNode o) {
    JsonNode title = o.get("title");
    if (title == null || !title.isTextual()) {
      throw new WrongAnswer("film without a title");
    }
    return new Object[] {integer(o, "fid"), title.asText()};
  }

  private static long integer(JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || !v.isIntegralNumber()) {
      throw new WrongAnswer("field " + field + " missing or not an integer");
    }
    return v.asLong();
  }

  /** TechEmpower's fortunes: every row escaped, the extra fortune present, sorted by message. */
  private static List<Object[]> fortunes(Answer a) {
    requireType(a, "text/html");
    String body = a.body();
    if (!body.startsWith("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
        || !body.endsWith("</table></body></html>")) {
      throw new WrongAnswer("fortunes page frame differs from the contract");
    }
    // a row is <tr><td>digits</td><td>cell</td></tr>, one not closed so a wrong answer; String.indexOf, not a regex,
    // which cost the generator more than the rest of the check (docs/decisions.md)
    List<Object[]> rows = new ArrayList<>(16);
    for (int at = body.indexOf(ROW_START); at >= 0; ) {
      int idFrom = at + ROW_START.length();
      int cellAt = body.indexOf(ROW_CELL, idFrom);
      int end = cellAt < 0 ? -1 : body.indexOf(ROW_END, cellAt + ROW_CELL.length());
      if (end < 0) {
        throw new WrongAnswer("fortunes row not closed as <td>id</td><td>message</td></tr>");
      }
      String cell = body.substring(cellAt + ROW_CELL.length(), end);
      if (cell.indexOf('<') >= 0 || cell.indexOf('>') >= 0) {
        throw new WrongAnswer("fortune not HTML-escaped");
      }
      rows.add(new Object[] {id(body, idFrom, cellAt), unescape(cell)});
      at = body.indexOf(ROW_START, end + ROW_END.length());
    }
    if (rows.stream().noneMatch(r -> (Long) r[0] == 0 && EXTRA_FORTUNE.equals(r[1]))) {
      throw new WrongAnswer("the fortune added at request time is missing");
    }
    for (int i = 1; i < rows.size(); i++) {
      if (((String) rows.get(i - 1)[1]).compareTo((String) rows.get(i)[1]) > 0) {
        throw new WrongAnswer("fortunes not sorted by message");
      }
    }
    return rows;
  }

  /** The decimal digits from {@code from} to {@code to} in {@code s}, a fortune's id (no sign, as TechEmpower's page). */
  private static long id(String s, int from, int to) {
    try {
      if (to > from && Character.isDigit(s.charAt(from))) {
        return Long.parseLong(s, from, to, 10);
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new WrongAnswer("fortune id not a number");
  }

  private static String unescape(String s) {
    if (s.indexOf('&') < 0) {
      return s;
    }
    return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
        .replace("&#x27;", "'").replace("&amp;", "&");
  }

  /**
   * E4's three sources for one user, as a JSON array or newline-delimited JSON; rows sorted by source.
   * Each is checked against what the variant reads: the slow query's row exactly ({@code slow_world}'s
   * randomnumber is a function of its id; pg_sleep's world row only by id, since /updates changes
   * world), MongoDB's notifications exactly (user and texts, from the dataset's definition), the
   * fortune by id, the remote by user.
   */
  private static List<Object[]> notifications(Answer a, long user, NotificationSources sources) {
    List<JsonNode> items = new ArrayList<>();
    String type = a.contentType() == null ? "" : a.contentType().toLowerCase(Locale.ROOT);
    if (type.startsWith("application/x-ndjson") || type.startsWith("application/stream+json")) {
      for (String line : a.body().split("\n")) {
        if (!line.isBlank()) {
          try {
            items.add(JSON.readTree(line));
          } catch (Exception e) {
            throw new WrongAnswer("ndjson line is not JSON");
          }
        }
      }
    } else {
      json(a).forEach(items::add);
    }
    String second = sources.mongo() ? "mongo" : "fortune";
    List<Object[]> rows = new ArrayList<>();
    for (JsonNode o : items) {
      String source = object(o).path("source").asText();
      if (source.equals("mongo") || source.equals("fortune")) {
        if (!source.equals(second)) {
          throw new WrongAnswer("a " + source + " source, but the variant reads " + second);
        }
      }
      rows.add(switch (source) {
        case "slow" -> slow(o, user, sources.slow());
        case "fortune" -> expect(source, integer(o, "id"), user % 12 + 1, o.path("message").asText());
        case "mongo" -> mongo(o, user);
        case "remote" -> expect(source, integer(o, "user"), user, integer(o, "delayMs"));
        default -> throw new WrongAnswer("unknown notification source '" + source + "'");
      });
    }
    rows.sort(Comparator.comparing(r -> (String) r[0]));
    if (rows.size() != 3 || !rows.get(0)[0].equals(second) || !rows.get(1)[0].equals("remote")
        || !rows.get(2)[0].equals("slow")) {
      throw new WrongAnswer("expected one each of slow, " + second + ", remote");
    }
    return rows;
  }

  private static Object[] slow(JsonNode o, long user, NotificationData.SlowSource slow) {
    long id = integer(o, "id");
    long number = integer(o, "randomNumber");
    Object[] row = expect("slow", id, NotificationData.slowId(user), number);
    if (slow == NotificationData.SlowSource.QUERY && number != NotificationData.slowRandomNumber((int) id)) {
      throw new WrongAnswer("slow answered randomNumber " + number + " for id " + id + ", slow_world holds "
          + NotificationData.slowRandomNumber((int) id));
    }
    return row;
  }

  /** {@code {"source":"mongo","user":U,"messages":[…3 texts in seq order…]}} for U = user % 1000 + 1. */
  private static Object[] mongo(JsonNode o, long user) {
    int expected = NotificationData.mongoUser(user);
    Object[] row = expect("mongo", integer(o, "user"), expected, null);
    JsonNode messages = o.get("messages");
    List<String> got = new ArrayList<>();
    if (messages == null || !messages.isArray()) {
      throw new WrongAnswer("mongo without a messages array");
    }
    messages.forEach(m -> got.add(m.isTextual() ? m.asText() : null));
    if (!got.equals(NotificationData.messages(expected))) {
      throw new WrongAnswer("mongo messages differ from the notifications collection's");
    }
    row[2] = String.join("|", got);
    return row;
  }

  private static Object[] expect(String source, long id, long expected, Object value) {
    if (id != expected) {
      throw new WrongAnswer(source + " answered for " + id + ", expected " + expected);
    }
    return new Object[] {source, id, value};
  }
}
