package dev.dbrace.report.chart;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One colour per stack for the whole report, so a stack is the same colour on every chart. Taken
 * in the order the race lists its stacks (Tableau's colour-blind-friendly set of ten).
 */
public final class Palette {
  private static final String[] COLORS = {
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"
  };
  static final String SLA = "#d62728";
  public static final String NEUTRAL = "#8c8c8c";

  private final Map<String, String> byStack = new LinkedHashMap<>();

  public Palette(Race race) {
    if (race.settings() != null && race.settings().stacks() != null) {
      race.settings().stacks().forEach(this::color);
    }
    race.runs().stream().map(RunRecord::stack).forEach(this::color);
    race.capacity().stream().map(Race.Capacity::stack).forEach(this::color);
  }

  public String color(String stack) {
    return byStack.computeIfAbsent(stack, s -> COLORS[byStack.size() % COLORS.length]);
  }

  /**
   * The {@code i}-th of {@code n} shades of the stack's colour, pale to full: a family of lines
   * of one stack, e.g. its distributions at rising load.
   */
  String shade(String stack, int i, int n) {
    int alpha = n < 2 ? 255 : (int) Math.round(255 * (0.3 + 0.7 * i / (n - 1.0)));
    return color(stack) + String.format("%02x", alpha);
  }

  /** The stack's colour, translucent: the second part of a stacked pair (CPU sys beside user). */
  String light(String stack) {
    return color(stack) + "80";
  }
}
