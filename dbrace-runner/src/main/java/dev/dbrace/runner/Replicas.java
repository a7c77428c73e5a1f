package dev.dbrace.runner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stack (or service variant) named more than once in a race runs once per naming, as a replica of its own:
 * {@code --stacks jdbc-platform,jdbc-platform} races {@code jdbc-platform} against {@code jdbc-platform#2}, each its
 * own worker in every round and its own row, with the same code and options. That is the A/A race: it measures how
 * often the verdict would call two identical stacks different (docs/measurement.md#the-verdict).
 */
public final class Replicas {
  /** What separates a stack's name from its replica number. */
  public static final char MARK = '#';

  private Replicas() {}

  /** The names in order, the second naming of a stack as {@code name#2}, the third {@code name#3}, and so on. */
  public static List<String> numbered(List<String> names) {
    Map<String, Integer> seen = new HashMap<>();
    List<String> out = new ArrayList<>();
    for (String name : names) {
      String base = base(name);
      int n = seen.merge(base, 1, Integer::sum);
      out.add(n == 1 ? base : base + MARK + n);
    }
    return List.copyOf(out);
  }

  /** The stack a race's name runs: {@code jdbc-platform} for {@code jdbc-platform#2}, the name itself otherwise. */
  public static String base(String name) {
    int mark = name.indexOf(MARK);
    return mark < 0 ? name : name.substring(0, mark);
  }
}
