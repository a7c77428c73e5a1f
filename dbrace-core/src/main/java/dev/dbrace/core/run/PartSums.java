package dev.dbrace.core.run;

import java.util.List;
import java.util.function.Function;

/**
 * Figures over the parts of a shared run where a part may lack one (a worker of an older format, a figure not read):
 * the merge has a figure only when every part has it, never a sum of some parts passed off as the whole.
 */
public final class PartSums {
  private PartSums() {}

  /** The sum of {@code figure} over {@code parts}; null when a part lacks it. */
  public static <T> Long sumOrNull(List<T> parts, Function<T, Long> figure) {
    return parts.stream().allMatch(x -> figure.apply(x) != null) ? parts.stream().mapToLong(figure::apply).sum() : null;
  }

  /** The largest {@code figure} of {@code parts}; null when a part lacks it. */
  public static <T> Double maxOrNull(List<T> parts, Function<T, Double> figure) {
    return parts.stream().allMatch(x -> figure.apply(x) != null)
        ? parts.stream().mapToDouble(figure::apply).max().orElse(0) : null;
  }
}
