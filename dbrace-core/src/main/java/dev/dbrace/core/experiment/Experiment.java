package dev.dbrace.core.experiment;

import java.util.List;

/**
 * A named deep dive into one driver behaviour (E3's pgjdbc experiments): it builds its own tables,
 * measures a few variants side by side and states what the measurements show. Found with
 * {@link java.util.ServiceLoader} in an experiments module, listed in
 * {@code META-INF/services/dev.dbrace.core.experiment.Experiment}, and run in a worker JVM whose
 * classpath is that module's, so the runner never links the driver under test.
 */
public interface Experiment {
  /** The name on the command line: {@code ./dbrace experiment <name>}. */
  String name();

  /** One line for {@code ./dbrace list}. */
  String description();

  /** The size and behaviour knobs it accepts as {@code --opt name=value}, with their defaults. */
  default List<ExperimentOption> options() {
    return List.of();
  }

  /**
   * True for a part that adds another driver's variants to the experiment of the same name in
   * another module (its own classpath: Vert.x and R2DBC cannot share one with each other). The
   * runner runs the main part first, then each companion in a worker of its own, handing it the
   * main part's result ({@link ExperimentContext#prior()}), and merges what they return
   * ({@link ExperimentResult#merge}). A companion declares only the options it reads itself.
   */
  default boolean companion() {
    return false;
  }

  /** Extra arguments for the worker JVM, e.g. a small heap an experiment is about. */
  default List<String> workerJvmArgs() {
    return List.of();
  }

  /**
   * Creates its tables (in {@link ExperimentContext#schema()} or schemas named after it), measures,
   * drops them again and returns what it measured. Problems the experiment is about (an error the
   * driver raises, an OutOfMemoryError) are results, not exceptions; an exception means the
   * experiment itself could not run.
   */
  ExperimentResult run(ExperimentContext context) throws Exception;
}
