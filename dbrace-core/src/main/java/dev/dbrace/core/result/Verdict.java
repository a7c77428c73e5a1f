package dev.dbrace.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A race's conclusion as race.json keeps it: the sentences people read ({@code text}) and, for each
 * figure the verdict judged, who led, by how much and whether the rounds support it ({@code dimensions}).
 * Every figure in either comes from the runs.
 *
 * <p>race.json files written before dimensions existed hold the text alone, as a string; they read as
 * a verdict without dimensions.
 *
 * @param text the verdict in sentences, as the console prints it
 * @param dimensions one judgement per figure judged, in the order the text takes them; empty where none
 *     was (older results, a race without figures)
 */
public record Verdict(String text, List<Dimension> dimensions) {

  public Verdict {
    dimensions = dimensions == null ? List.of() : List.copyOf(dimensions);
  }

  /** A verdict of format 1 or 2, a paragraph without dimensions. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static Verdict ofText(String text) {
    return new Verdict(text, List.of());
  }

  /** The judgement of {@code name}, or null when the verdict did not judge it. */
  public Dimension dimension(String name) {
    return dimensions.stream().filter(d -> d.name().equals(name)).findFirst().orElse(null);
  }

  /**
   * One figure judged across the stacks at one load point.
   *
   * @param name {@code throughput}, {@code latency}, {@code cpu}, {@code rss} or {@code threads}
   * @param figure what was compared, with its unit: e.g. {@code ops/s}, {@code p99 ms}, {@code cpu ms per 1k ops}
   * @param higherIsBetter whether a larger figure wins (throughput) or a smaller one (the rest)
   * @param at the load point, for a curve's per-step judgements; null for a plain race
   * @param leader the stack with the best median
   * @param runnerUp the next best; null when only the leader has figures
   * @param ratio how many times better the leader's median is than the runner-up's (always at least 1);
   *     null without a runner-up
   * @param supported true when the rounds put the leader ahead of every other stack at the stated
   *     confidence; false when some stack is within the noise, or the rounds are too few to test
   * @param confidence the confidence the test states (0.95); null where the judgement is not a significance test (a
   *     capacity search's brackets, each rate judged best two of three)
   * @param pValue the largest of the leader's comparisons' adjusted p-values (Holm); null where not tested
   * @param rounds the fewest rounds any compared stack had
   * @param withinNoise the stacks the rounds do not tell apart from the leader (the leader first)
   * @param behind the stacks the rounds put behind the leader at the stated confidence
   * @param excluded the stacks that could not lead on this figure and why (e.g. over the error budget)
   * @param medians each ranked stack's median over its ok rounds
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Dimension(
      String name,
      String figure,
      boolean higherIsBetter,
      String at,
      String leader,
      String runnerUp,
      Double ratio,
      boolean supported,
      Double confidence,
      Double pValue,
      int rounds,
      List<String> withinNoise,
      List<String> behind,
      Map<String, String> excluded,
      Map<String, Double> medians) {

    public Dimension {
      withinNoise = withinNoise == null ? List.of() : List.copyOf(withinNoise);
      behind = behind == null ? List.of() : List.copyOf(behind);
      excluded = excluded == null ? Map.of() : Map.copyOf(excluded);
      medians = medians == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(medians));
    }

    /** The ranked stacks, best median first: those within the leader's noise, then those behind. */
    @JsonIgnore
    public List<String> order() {
      List<String> all = new ArrayList<>(withinNoise);
      all.addAll(behind);
      return all;
    }
  }
}
