package dev.dbrace.runner.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.dbrace.core.workload.ParamGen;
import dev.dbrace.runner.Durations;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.Warmups;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToLongFunction;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads a scenario file with Jackson YAML. Every problem becomes one {@link ScenarioError} naming
 * the file, line and field ({@code x.yaml:7: operations[1].params[0]: unknown generator 'zipf' ...});
 * nothing else escapes. Thread-safe.
 */
public final class ScenarioReader {
  static final List<String> GENERATORS = List.of("uniform", "zipfian", "sequence", "list", "random-string");

  private static final String DIR = "scenario-dir";
  private static final String STACKS = "known-stacks";

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
      .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      .registerModule(new SimpleModule().addDeserializer(ParamGen.class, new Generator()));

  private ScenarioReader() {}

  /** A problem with a scenario file: one line, exit 2. */
  public static final class ScenarioError extends UserError {
    private static final long serialVersionUID = 1L;

    ScenarioError(String message) {
      super(message.replaceAll("\\s*\\R\\s*", " \\\\n ").replaceAll("\\p{Cntrl}", "?")); // a quoted value may span lines
    }
  }

  /**
   * The file bound and checked.
   *
   * @param knownStacks the stacks a race may name; null skips that check (the parser's own tests)
   */
  static ScenarioFile read(Path file, Set<String> knownStacks) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      throw new ScenarioError(file + ": cannot read the scenario file (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
    }
    return parse(file, text, knownStacks);
  }

  public static ScenarioFile parse(Path file, String text, Set<String> knownStacks) {
    return parse(file, text, ScenarioFile.class, knownStacks);
  }

  /**
   * Whether {@code file} is a service file rather than a scenario file: its top level has a service file's own keys
   * ({@code start}, {@code url}, {@code endpoints}) and none of a scenario's workload keys. A file that is neither, or
   * cannot be read, is left to the scenario reader to explain.
   */
  public static boolean isServiceFile(Path file) {
    try {
      JsonNode top = YAML.readTree(Files.readString(file, StandardCharsets.UTF_8));
      if (top == null || !top.isObject()) {
        return false;
      }
      boolean own = top.has("start") || top.has("url") || top.has("endpoints");
      return own && !top.has("operations") && !top.has("workload") && !top.has("service");
    } catch (IOException | UncheckedIOException | YAMLException e) {
      return false;
    }
  }

  /** A service file (docs/service-file.md) bound and checked, by the same rules and with the same errors. */
  public static ServiceFile readService(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      throw new ScenarioError(file + ": cannot read the service file (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
    }
    return parse(file, text, ServiceFile.class, null).in(file.toAbsolutePath().getParent());
  }

  /** {@code text}, the contents of {@code file}, bound to {@code type}: relative paths in it are the file's folder's. */
  static <T> T parse(Path file, String text, Class<T> type, Set<String> knownStacks) {
    Path dir = file.toAbsolutePath().getParent();
    try {
      T f = YAML.readerFor(type).withAttribute(DIR, dir)
          .withAttribute(STACKS, knownStacks == null ? Set.of() : knownStacks).readValue(text);
      if (f == null) {
        throw new ScenarioError(file + ":1: the file is empty");
      }
      return f;
    } catch (JsonProcessingException e) {
      throw new ScenarioError(describe(file, e));
    } catch (YAMLException e) { // what the YAML scanner rejects below Jackson
      throw new ScenarioError(file + ":1: not valid YAML: " + firstLine(e.getMessage()));
    } catch (IOException e) {
      throw new ScenarioError(file + ": " + firstLine(e.getMessage()));
    }
  }

  /** {@code file:line: path: problem}. */
  static String describe(Path file, JsonProcessingException e) {
    JsonLocation at = e.getLocation();
    String line = at == null || at.getLineNr() < 1 ? "1" : Integer.toString(at.getLineNr());
    String path = e instanceof JsonMappingException m ? path(m.getPath()) : "";
    return file + ":" + line + ": " + (path.isEmpty() ? "" : path + ": ") + problem(e);
  }

  private static String problem(JsonProcessingException e) {
    if (e instanceof UnrecognizedPropertyException u) {
      List<String> known = new ArrayList<>();
      Collection<Object> ids = u.getKnownPropertyIds();
      if (ids != null) {
        ids.forEach(id -> known.add(String.valueOf(id)));
      }
      known.sort(null);
      return "unknown key '" + u.getPropertyName() + "' (known: " + String.join(", ", known) + ")";
    }
    if (e instanceof ValueInstantiationException v && v.getCause() != null) {
      return firstLine(v.getCause().getMessage());
    }
    if (e instanceof JsonMappingException m && m.getCause() instanceof IllegalArgumentException a) {
      return firstLine(a.getMessage());
    }
    if (e instanceof InvalidFormatException f) {
      return "expected " + kind(f.getTargetType()) + ", got '" + f.getValue() + "'";
    }
    if (e instanceof MismatchedInputException m && m.getTargetType() != null
        && !m.getOriginalMessage().startsWith("Missing") && !m.getOriginalMessage().startsWith("Duplicate")) {
      return "expected " + kind(m.getTargetType());
    }
    if (!(e instanceof JsonMappingException)) {
      return "not valid YAML: " + firstLine(e.getOriginalMessage());
    }
    return firstLine(e.getOriginalMessage());
  }

  private static String kind(Class<?> type) {
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "a whole number";
    }
    if (type == Double.class || type == double.class) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == String.class || type == Path.class) {
      return "text";
    }
    if (Collection.class.isAssignableFrom(type)) {
      return "a list, e.g. [a, b]";
    }
    return "a mapping of keys, e.g. {key: value}";
  }

  /** {@code operations[1].params[0]}: Jackson's reference chain as the user wrote it. */
  private static String path(List<JsonMappingException.Reference> refs) {
    StringBuilder out = new StringBuilder();
    for (JsonMappingException.Reference r : refs) {
      if (r.getIndex() >= 0) {
        out.append('[').append(r.getIndex()).append(']');
      } else if (r.getFieldName() != null) {
        out.append(out.isEmpty() ? "" : ".").append(r.getFieldName());
      }
    }
    return out.toString();
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }

  private static IllegalArgumentException bad(String message) {
    return new IllegalArgumentException(message);
  }

  /** {@code {uniform: {min, max}}}, {@code {zipfian: {min, max, skew}}}, ...: one key naming the generator. */
  static final class Generator extends StdDeserializer<ParamGen> {
    private static final long serialVersionUID = 1L;

    Generator() {
      super(ParamGen.class);
    }

    record Range(Long min, Long max) {}

    record Skewed(Long min, Long max, Double skew) {}

    record Steps(Long start, Long step) {}

    record ListFile(String file) {}

    record Text(Integer min, Integer max, String alphabet) {}

    @Override
    public Object deserializeWithType(JsonParser p, DeserializationContext ctxt, TypeDeserializer typeDeserializer)
        throws IOException {
      return deserialize(p, ctxt); // the file names the generator as the key, not a "type" property
    }

    @Override
    public ParamGen deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (p.currentToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME) {
        throw ctxt.weirdStringException(p.getText(), ParamGen.class,
            "a generator is one key, e.g. {uniform: {min: 1, max: 100}} (known: " + String.join(", ", GENERATORS) + ")");
      }
      String name = p.currentName();
      p.nextToken();
      ParamGen gen;
      try {
        gen = switch (name) {
          case "uniform" -> {
            Range r = body(p, ctxt, Range.class, name);
            yield new ParamGen.Uniform(need(r.min(), name, "min"), need(r.max(), name, "max"));
          }
          case "zipfian" -> {
            Skewed z = body(p, ctxt, Skewed.class, name);
            yield new ParamGen.Zipfian(need(z.min(), name, "min"), need(z.max(), name, "max"),
                z.skew() == null ? ParamGen.Zipfian.DEFAULT_SKEW : z.skew());
          }
          case "sequence" -> {
            Steps s = body(p, ctxt, Steps.class, name);
            yield new ParamGen.Sequence(s.start() == null ? 1 : s.start(), s.step() == null ? 1 : s.step());
          }
          case "list" -> new ParamGen.Choice(values((Path) ctxt.getAttribute(DIR), body(p, ctxt, ListFile.class, name)));
          case "random-string" -> {
            Text t = body(p, ctxt, Text.class, name);
            yield new ParamGen.RandomString(t.min() == null ? 8 : t.min(), t.max() == null ? (t.min() == null ? 8 : t.min()) : t.max(),
                t.alphabet() == null ? ParamGen.RandomString.DEFAULT_ALPHABET : t.alphabet());
          }
          default -> throw bad("unknown generator '" + name + "' (known: " + String.join(", ", GENERATORS) + ")");
        };
      } catch (IllegalArgumentException e) {
        throw JsonMappingException.from(p, e.getMessage(), e);
      }
      if (p.nextToken() != JsonToken.END_OBJECT) {
        throw JsonMappingException.from(p, "a generator is one key; '" + name + "' has a second one, '" + p.getText() + "'");
      }
      return gen;
    }

    private static <T> T body(JsonParser p, DeserializationContext ctxt, Class<T> type, String name) throws IOException {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw JsonMappingException.from(p, name + ": expected its settings as a mapping, e.g. {" + name + ": {min: 1, max: 100}}");
      }
      try {
        return ctxt.readValue(p, type);
      } catch (JsonMappingException e) {
        e.prependPath(ParamGen.class, name);
        throw e;
      }
    }

    private static long need(Long v, String gen, String key) {
      if (v == null) {
        throw bad(gen + ": missing " + key);
      }
      return v;
    }

    /** One value per non-blank line; whole numbers bind as numbers, anything else as text. */
    private static List<Object> values(Path dir, ListFile spec) {
      if (spec.file() == null) {
        throw bad("list: missing file (values, one per line)");
      }
      Path file = dir.resolve(spec.file());
      List<String> lines;
      try {
        lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      } catch (IOException | UncheckedIOException e) {
        throw bad("list: cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
      }
      List<String> kept = lines.stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
      if (kept.isEmpty()) {
        throw bad("list: " + file + " has no values");
      }
      boolean numbers = kept.stream().allMatch(l -> l.matches("-?\\d{1,18}"));
      return numbers ? kept.stream().<Object>map(l -> ParamGen.integer(Long.parseLong(l))).toList() : List.<Object>copyOf(kept);
    }
  }

  /** A stack name the catalog knows. */
  static final class StackName extends StdDeserializer<String> {
    private static final long serialVersionUID = 1L;

    StackName() {
      super(String.class);
    }

    @Override
    public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      String name = ctxt.readValue(p, String.class);
      @SuppressWarnings("unchecked")
      Set<String> known = (Set<String>) ctxt.getAttribute(STACKS);
      if (known != null && !known.isEmpty() && !known.contains(name)) {
        throw JsonMappingException.from(p, "unknown stack '" + name + "' (known: " + String.join(", ", new TreeSet<>(known)) + ")");
      }
      return name;
    }
  }

  /** A path relative to the file's folder, which need not exist yet (a folder a build makes, the file it writes). */
  static final class RelativePath extends StdDeserializer<Path> {
    private static final long serialVersionUID = 1L;

    RelativePath() {
      super(Path.class);
    }

    @Override
    public Path deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      String name = ctxt.readValue(p, String.class);
      try {
        return ((Path) ctxt.getAttribute(DIR)).resolve(name).normalize();
      } catch (InvalidPathException e) {
        throw JsonMappingException.from(p, "not a path: '" + name + "'");
      }
    }
  }

  /** A file next to the scenario (relative paths are to the scenario file's folder) that exists. */
  static final class FilePath extends StdDeserializer<Path> {
    private static final long serialVersionUID = 1L;

    FilePath() {
      super(Path.class);
    }

    @Override
    public Path deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      String name = ctxt.readValue(p, String.class);
      Path file;
      try {
        file = ((Path) ctxt.getAttribute(DIR)).resolve(name).normalize();
      } catch (InvalidPathException e) {
        throw JsonMappingException.from(p, "not a file name: '" + name + "'");
      }
      if (!Files.isRegularFile(file)) {
        throw JsonMappingException.from(p, "no such file: " + file);
      }
      return file;
    }
  }

  /** Milliseconds from text by a parser, its message the file's error: shared by the two forms below. */
  abstract static class Millis extends StdDeserializer<Long> {
    private static final long serialVersionUID = 1L;
    private final transient ToLongFunction<String> parser;

    Millis(ToLongFunction<String> parser) {
      super(Long.class);
      this.parser = parser;
    }

    @Override
    public Long deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      String text = ctxt.readValue(p, String.class);
      try {
        return parser.applyAsLong(text);
      } catch (UserError e) {
        throw JsonMappingException.from(p, e.getMessage());
      }
    }
  }

  /** A load's {@code warmup}: {@code auto} or a duration ({@link Warmups#parse}). */
  static final class Warmup extends Millis {
    private static final long serialVersionUID = 1L;

    Warmup() {
      super(Warmups::parse);
    }
  }

  /** {@code 500ms}, {@code 10s}, {@code 2m} (a bare number is seconds), to milliseconds. */
  static final class Duration extends Millis {
    private static final long serialVersionUID = 1L;

    Duration() {
      super(Durations::parse);
    }
  }
}
