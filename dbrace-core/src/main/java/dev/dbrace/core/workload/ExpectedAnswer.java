package dev.dbrace.core.workload;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * What a correct HTTP answer is for an endpoint of a user's service (docs/service-file.md): its status, its media type,
 * and checks on its JSON body. The runner reads it from a service file; the load generator applies it to every answer.
 * Each record checks itself when made, so a bad value is refused where it was written.
 *
 * @param contentType the media type, its parameters (charset) ignored; null: any
 */
public record ExpectedAnswer(Integer status, String contentType, List<JsonCheck> json, Rows rows) {
  /** The JSON types a check may name. */
  public static final Set<String> JSON_TYPES = Set.of("integer", "number", "string", "boolean", "array", "object", "null");

  public ExpectedAnswer {
    status = status == null ? 200 : status;
    require(status >= 100 && status <= 599, "status must be 100..599, got " + status);
    require(contentType == null || contentType.matches("[\\w.+-]+/[\\w.+-]+"),
        "content-type must be a media type such as application/json, got '" + contentType + "'");
    json = json == null ? List.of() : List.copyOf(json);
  }

  /** Without a rows check. */
  public ExpectedAnswer(Integer status, String contentType, List<JsonCheck> json) {
    this(status, contentType, json, null);
  }

  /**
   * The body (at {@code at}) equals the rows {@code sql} returns on the race's database for the request's parameters:
   * an object, one row; an array, the rows in any order; each column by its label, matched to a field whatever its case.
   *
   * @param params which of the request's parameters the query's {@code $1, $2 ...} take, by number (default: all, in order)
   */
  public record Rows(String sql, List<Integer> params, String at) {
    public Rows {
      require(sql != null && !sql.isBlank(), "rows: missing sql");
      params = params == null ? null : List.copyOf(params);
      require(params == null || params.stream().allMatch(n -> n != null && n >= 1), "rows.params: numbers from 1");
      at = at == null ? "$" : at;
      require(at.startsWith("$"), "rows.at must be a JSONPath starting with $, got '" + at + "'");
    }

    /** The request's parameters (by number) the query takes: its own list, else all {@code pathParams}, in order. */
    public List<Integer> takes(int pathParams) {
      return params != null ? params : IntStream.rangeClosed(1, pathParams).boxed().toList();
    }
  }

  /** What the generator needs of an endpoint's checks: the answer expected, and the endpoint's parameter generators. */
  public record EndpointCheck(ExpectedAnswer expect, List<ParamGen> params) {
    public EndpointCheck {
      params = List.copyOf(params);
    }
  }

  /** The media type of a Content-Type header, lower-case, without its parameters; "" for none. */
  public static String mediaType(String contentType) {
    if (contentType == null) {
      return "";
    }
    int semi = contentType.indexOf(';');
    return (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
  }

  /**
   * One check on the body's JSON: the value at {@code path} (a Jayway JsonPath) has this type, range, length or value.
   *
   * @param equalsParam the request's parameter (1 for {@code $1}) the value must equal
   */
  public record JsonCheck(String path, String type, Double min, Double max, Length length, Object equals,
      Integer equalsParam, List<Object> oneOf) {
    public JsonCheck {
      require(path != null && path.startsWith("$"), "path must be a JSONPath starting with $, got '" + path + "'");
      require(type == null || JSON_TYPES.contains(type), "type must be one of " + String.join(", ",
          JSON_TYPES.stream().sorted().toList()) + ", got '" + type + "'");
      require(min == null || max == null || min <= max, "min is above max");
      require(equalsParam == null || equalsParam >= 1, "equals-param must be 1 or more");
      require(oneOf == null || !oneOf.isEmpty(), "one-of: give at least one value");
      oneOf = oneOf == null ? null : List.copyOf(oneOf);
      require(type != null || min != null || max != null || length != null || equals != null || equalsParam != null
          || oneOf != null, "a check needs something to check: type, min, max, length, equals, equals-param or one-of");
    }
  }

  /** A length range (of an array or a string); either end may be left out. */
  public record Length(Integer min, Integer max) {
    public Length {
      require(min == null || min >= 0, "length.min must be >= 0");
      require(min == null || max == null || min <= max, "length.min is above length.max");
    }
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
