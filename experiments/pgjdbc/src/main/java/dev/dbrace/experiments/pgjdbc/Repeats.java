package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * E3 measured with JMH: warm-up, then repeated iterations. Here every point of an experiment (a
 * variant, a method at a batch size) is measured {@code iterations} times, each measured run right
 * after an unmeasured run of the same point (the JIT, the driver's caches and the server's buffers
 * warm for that very point), and the points' order is shuffled in every iteration from the seed,
 * so no point always runs first or after the same neighbour.
 */
final class Repeats {
  static final ExperimentOption ITERATIONS = new ExperimentOption("iterations", "3",
      "measured iterations of every point, each right after an unmeasured warm-up of the same point; "
          + "order shuffled per iteration from the seed");
  static final ExperimentOption SEED = new ExperimentOption("seed", "42", "seed of the points' order in each iteration");

  /** Measures one point once. */
  @FunctionalInterface
  interface Measure<P, M> {
    M run(P point) throws Exception;
  }

  private Repeats() {}

  static int iterations(ExperimentContext ctx) {
    return ctx.intOption("iterations", 1, 1_000);
  }

  static long seed(ExperimentContext ctx) {
    return ctx.intOption("seed", 0, Integer.MAX_VALUE);
  }

  /** {@link #run(List, int, long, Measure, Measure, Consumer)} with the context's iterations and seed. */
  static <P, M> List<List<M>> run(ExperimentContext ctx, List<P> points, Measure<P, M> measure) throws Exception {
    return run(points, iterations(ctx), seed(ctx), measure, measure, ctx::progress);
  }

  /** As {@link #run(ExperimentContext, List, Measure)} with a warm-up of its own (a smaller run of the same point). */
  static <P, M> List<List<M>> run(ExperimentContext ctx, List<P> points, Measure<P, ?> warmUp, Measure<P, M> measure)
      throws Exception {
    return run(points, iterations(ctx), seed(ctx), warmUp, measure, ctx::progress);
  }

  static <P, M> List<List<M>> run(List<P> points, int iterations, long seed, Measure<P, M> measure,
      Consumer<String> progress) throws Exception {
    return run(points, iterations, seed, measure, measure, progress);
  }

  /**
   * @return for each point (in the order given) its measured runs, one per iteration; warm-up runs are discarded
   */
  static <P, M> List<List<M>> run(List<P> points, int iterations, long seed, Measure<P, ?> warmUp, Measure<P, M> measure,
      Consumer<String> progress) throws Exception {
    List<List<M>> out = new ArrayList<>();
    points.forEach(p -> out.add(new ArrayList<>()));
    for (int it = 0; it < iterations; it++) {
      List<Integer> order = order(points.size(), seed, it);
      progress.accept("iteration " + (it + 1) + " of " + iterations + ": " + points.size()
          + " points in shuffled order, each after an unmeasured warm-up of itself");
      for (int i : order) {
        warmUp.run(points.get(i));
        out.get(i).add(measure.run(points.get(i)));
      }
    }
    return out;
  }

  /** The points' order in iteration {@code iteration}: a shuffle seeded by the seed and the iteration. */
  static List<Integer> order(int points, long seed, int iteration) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < points; i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(seed * 1_000_003L + iteration));
    return order;
  }
}
