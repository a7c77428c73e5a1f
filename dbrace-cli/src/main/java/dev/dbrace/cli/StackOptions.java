package dev.dbrace.cli;

import dev.dbrace.runner.UserError;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Splits {@code --stack-opt stack.key=value} into each stack's own options. */
public final class StackOptions {
  private StackOptions() {}

  static Map<String, Map<String, String>> split(Map<String, String> raw, List<String> stacks) {
    Map<String, Map<String, String>> out = new HashMap<>();
    stacks.forEach(s -> out.put(s, new LinkedHashMap<>()));
    raw.forEach((key, value) -> {
      int dot = key.indexOf('.');
      if (dot <= 0 || dot == key.length() - 1) {
        throw new UserError("--stack-opt " + key + "=" + value + ": write it as stack.key=value, e.g. vertx.cachePreparedStatements=false");
      }
      String stack = key.substring(0, dot);
      if (!out.containsKey(stack)) {
        throw new UserError("--stack-opt " + key + ": stack " + stack + " is not in this race (" + String.join(", ", stacks) + ")");
      }
      out.get(stack).put(key.substring(dot + 1), value);
    });
    return out;
  }
}
