package dev.dbrace.runner.scenario;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.dbrace.core.workload.ExpectedAnswer;
import dev.dbrace.core.workload.ParamDomain;
import dev.dbrace.core.workload.ParamGen;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's service as its service file describes it (docs/service-file.md), bound by {@link ScenarioReader#readService}:
 * how to start it (or where it runs), how dbrace's settings reach it, the endpoints to race and what a correct answer
 * is. Each record checks itself in its constructor, so a bad value is reported with its line and field. Keys are
 * kebab-case.
 *
 * @param folder the file's folder (relative paths are its); set by the reader, not written in the file
 */
public record ServiceFile(String name, String description, Start start, String url, String health,
    List<Endpoint> endpoints, @JsonIgnore Path folder) {

  /** The placeholders a start's command and environment may hold. */
  public static final Set<String> PLACEHOLDERS = Set.of("db.host", "db.port", "db.name", "db.user", "db.password",
      "db.url", "db.jdbc-url", "db.application-name", "db.sslmode", "pool", "http.host", "http.port", "java");
  /** The one placeholder that may only be in the environment. */
  public static final String PASSWORD = "db.password";
  static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");
  /** An environment variable named like a secret. */
  private static final Pattern SECRET_NAME = Pattern.compile("(?i).*(passw|secret|token|credential|api_?key).*");

  public ServiceFile {
    require(name != null && !name.isBlank(), "missing name");
    require(name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,62}"), "name must be 1-63 letters, digits, '.', '_' or '-' and "
        + "start with a letter or digit (it names the race's runs and folders), got '" + name + "'");
    require(start != null || url != null, "give start (how dbrace starts the service) or url (where it already runs)");
    require(start == null || url == null, "give start or url, not both");
    if (url != null) {
      URI u;
      try {
        u = URI.create(url);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("url: not a URL: '" + url + "'");
      }
      require("http".equals(u.getScheme()) && u.getHost() != null && u.getPort() > 0,
          "url must be http://host:port, got '" + url + "'");
      require(u.getUserInfo() == null, "url holds a user (and maybe a password): give dbrace none in the file");
    }
    health = health == null ? "/health" : health;
    require(health.startsWith("/"), "health must be a path starting with /, got '" + health + "'");
    require(endpoints != null && !endpoints.isEmpty(), "missing endpoints (at least one)");
    List<String> names = endpoints.stream().map(Endpoint::name).toList();
    require(names.stream().distinct().count() == names.size(), "endpoints: two have the same name");
  }

  /** The same file with its folder known: where {@code start.dir} and the build's paths are resolved from. */
  ServiceFile in(Path dir) {
    return new ServiceFile(name, description, start == null ? null : start.in(dir), url, health, endpoints, dir);
  }

  /**
   * How dbrace starts the service.
   *
   * @param command the program and its arguments, placeholders allowed but the password
   * @param dir the working folder (default: the file's)
   * @param build run once before the first start when its {@code creates} does not exist
   * @param env the service's environment: dbrace's settings through placeholders
   */
  public record Start(List<String> command, @JsonDeserialize(using = ScenarioReader.RelativePath.class) Path dir,
      Build build, Map<String, String> env) {
    public Start {
      require(command != null && !command.isEmpty() && !command.getFirst().isBlank(), "start: missing command");
      env = env == null ? Map.of() : new LinkedHashMap<>(env);
      for (String arg : command) {
        placeholders("start.command", arg, false);
      }
      env.forEach((k, v) -> {
        require(k.matches("[A-Za-z_][A-Za-z0-9_]*"), "start.env: '" + k + "' is not an environment variable's name");
        require(v != null, "start.env." + k + ": give a value (\"\" for an empty one)");
        placeholders("start.env." + k, v, true);
        // a file is shared and committed: a password in it would travel with it
        require(!SECRET_NAME.matcher(k).matches() || PLACEHOLDER.matcher(v).find() || v.isEmpty(),
            "start.env." + k + " holds a value where a secret goes: give ${" + PASSWORD + "}, never a password in the file");
        require(!v.matches("(?s).*://[^/@\\s]*:[^/@\\s]*@.*"), "start.env." + k + " holds a URL with a password: use "
            + "${" + PASSWORD + "} in a variable of its own");
      });
      env = Map.copyOf(env);
    }

    Start in(Path folder) {
      return new Start(command, dir == null ? folder : dir, build, env);
    }
  }

  /** A build run once, when {@code creates} is missing: e.g. {@code mvn package} writing the jar the command runs. */
  public record Build(List<String> command, @JsonDeserialize(using = ScenarioReader.RelativePath.class) Path creates) {
    public Build {
      require(command != null && !command.isEmpty(), "start.build: missing command");
      require(creates != null, "start.build: missing creates (the file the build writes; it runs when that is missing)");
      for (String arg : command) {
        require(!PLACEHOLDER.matcher(arg).find(), "start.build.command: no placeholders here (it runs before any race)");
      }
    }
  }

  /**
   * One endpoint to race.
   *
   * @param path the request's path and query, {@code $1 ... $n} taking {@code params} in order
   */
  public record Endpoint(String name, String path, List<ParamGen> params, Integer weight, ExpectedAnswer expect) {
    public Endpoint {
      require(name != null && !name.isBlank(), "missing name");
      require(path != null && path.startsWith("/"), "path must start with /");
      require(!path.matches("(?s).*\\s.*"), "path must not hold spaces (encode them)");
      params = params == null ? List.of() : List.copyOf(params);
      int used = 0;
      Matcher m = Pattern.compile("\\$(\\d+)").matcher(path);
      while (m.find()) {
        int n = Integer.parseInt(m.group(1));
        require(n >= 1 && n <= params.size(), "path: $" + n + " has no param (" + params.size() + " given)");
        used = Math.max(used, n);
      }
      require(used == params.size(), "params: " + params.size() + " given, the path takes " + used);
      weight = weight == null ? 1 : weight;
      require(weight > 0, "weight must be > 0, got " + weight);
      expect = expect == null ? new ExpectedAnswer(null, null, null) : expect;
      for (ExpectedAnswer.JsonCheck c : expect.json()) {
        require(c.equalsParam() == null || c.equalsParam() <= params.size(),
            "expect.json: equals-param " + c.equalsParam() + " but the path takes " + params.size());
      }
      if (expect.rows() != null) {
        List<Integer> taken = expect.rows().takes(params.size());
        for (int n : taken) {
          require(n <= params.size(), "expect.rows.params: $" + n + " but the path takes " + params.size());
        }
        // the rows are looked up ahead of the run, one query per combination of the values they take
        List<ParamGen> gens = params;
        require(ParamDomain.product(taken.stream().map(n -> ParamDomain.values(gens.get(n - 1))).toList()) != null,
            "expect.rows: the params it takes must have at most " + ParamDomain.LIMIT + " values together (uniform or "
                + "zipfian spans, lists, constants): the expected rows are read before the run, not during it");
      }
    }
  }

  /** The placeholders in {@code value}, each checked: known, and the password only where {@code env} is true. */
  static List<String> placeholders(String field, String value, boolean env) {
    List<String> found = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(value);
    while (m.find()) {
      String p = m.group(1);
      require(PLACEHOLDERS.contains(p), field + ": unknown placeholder ${" + p + "} (known: "
          + String.join(", ", PLACEHOLDERS.stream().sorted().map(x -> "${" + x + "}").toList()) + ")");
      require(env || !p.equals(PASSWORD), field + ": ${" + PASSWORD + "} only in start.env (a command line is "
          + "visible to every user of the machine)");
      found.add(p);
    }
    return found;
  }

  /** {@code value} with its placeholders replaced by {@code values} (every placeholder's value given). */
  public static String fill(String value, Map<String, String> values) {
    Matcher m = PLACEHOLDER.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(values.get(m.group(1))));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
