package dev.dbrace.services.testkit;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** A module's {@code dbrace-service.properties}, as the contract describes it. Immutable. */
public record ServiceDescriptor(Map<String, Variant> variants) {

  /** One variant; {@code main} for runtime java, {@code script} for runtime node. */
  public record Variant(String name, String description, String runtime, String main,
      String script, List<String> args, List<String> engines) {}

  public static ServiceDescriptor load(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    Map<String, Variant> variants = new LinkedHashMap<>();
    for (String name : list(required(p, "variants", file), ",")) {
      variants.put(name, new Variant(name,
          required(p, name + ".description", file),
          required(p, name + ".runtime", file),
          p.getProperty(name + ".main"),
          p.getProperty(name + ".script"),
          list(p.getProperty(name + ".args", ""), " "),
          list(required(p, name + ".engines", file), ",")));
    }
    return new ServiceDescriptor(variants);
  }

  public Variant variant(String name) {
    Variant v = variants.get(name);
    if (v == null) {
      throw new IllegalArgumentException("no variant " + name + "; known: " + variants.keySet());
    }
    return v;
  }

  private static String required(Properties p, String key, Path file) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException(file + ": " + key + " is missing");
    }
    return v.strip();
  }

  private static List<String> list(String raw, String separator) {
    return Arrays.stream(raw.split(separator)).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }
}
