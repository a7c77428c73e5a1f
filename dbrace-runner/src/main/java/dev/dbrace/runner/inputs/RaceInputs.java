package dev.dbrace.runner.inputs;

import static dev.dbrace.runner.inputs.Input.CONCURRENCY;
import static dev.dbrace.runner.inputs.Input.DURATION;
import static dev.dbrace.runner.inputs.Input.ENGINE;
import static dev.dbrace.runner.inputs.Input.EXECUTIONS;
import static dev.dbrace.runner.inputs.Input.LOAD;
import static dev.dbrace.runner.inputs.Input.RATE;
import static dev.dbrace.runner.inputs.Input.URL;

import dev.dbrace.runner.scenario.ScenarioFile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One layer of a race's inputs: the settings one source gives (the command line's options, a scenario file's keys),
 * each present or absent. Layers stack with {@link #over}, the command line over the scenario file;
 * {@link RaceResolution} resolves the stack over {@code Defaults}, each setting {@code layers.orElse(default)}, as
 * JMH's options do with their parent. Immutable.
 */
public final class RaceInputs {
  private static final RaceInputs NONE = new RaceInputs(Map.of());

  private final Map<Input<?>, Object> values;

  private RaceInputs(Map<Input<?>, Object> values) {
    this.values = Map.copyOf(values);
  }

  /** A layer that gives nothing. */
  public static RaceInputs none() {
    return NONE;
  }

  /** A layer that gives each of {@code values} (a null value gives nothing), each checked against its input's type. */
  public static RaceInputs of(Map<Input<?>, ?> values) {
    Map<Input<?>, Object> checked = new LinkedHashMap<>();
    values.forEach((input, value) -> {
      if (value != null) {
        checked.put(input, input.cast(value));
      }
    });
    return new RaceInputs(checked);
  }

  /** What a scenario file gives (its SLA aside: only curve and capacity read it, {@link RaceResolution#sla}). */
  public static RaceInputs of(ScenarioFile file) {
    Map<Input<?>, Object> in = new LinkedHashMap<>();
    in.put(Input.POOL, file.pool());
    in.put(Input.SEED, file.seed());
    in.put(Input.STACKS, file.stacks());
    in.put(Input.WORKLOAD, file.workload());
    if (file.database() != null) {
      in.put(URL, file.database().url());
      in.put(ENGINE, file.database().engine());
    }
    ScenarioFile.Load load = file.load();
    if (load != null) {
      in.put(LOAD, load.model());
      in.put(RATE, load.rate());
      in.put(CONCURRENCY, load.concurrency());
      in.put(EXECUTIONS, load.executions());
      in.put(DURATION, load.duration());
      in.put(Input.WARMUP, load.warmup());
      in.put(Input.ROUNDS, load.rounds());
    }
    ScenarioFile.Service service = file.service();
    if (service != null) {
      in.put(Input.SERVICES, service.services());
      in.put(Input.ENDPOINT, service.endpoint());
      in.put(Input.REQUEST_TIMEOUT, service.requestTimeout());
    }
    return of(in);
  }

  /** The same layer, giving {@code value} for {@code input} instead (null: giving none). */
  public <T> RaceInputs with(Input<T> input, T value) {
    Map<Input<?>, Object> changed = new LinkedHashMap<>(values);
    changed.put(input, value);
    return of(changed);
  }

  public <T> Optional<T> get(Input<T> input) {
    Object value = values.get(input);
    return value == null ? Optional.empty() : Optional.of(input.cast(value));
  }

  public boolean has(Input<?> input) {
    return values.containsKey(input);
  }

  /** The inputs this layer gives. */
  public Set<Input<?>> given() {
    return values.keySet();
  }

  /**
   * This layer over {@code parent}: each input this layer gives, else the parent's, but for the settings that belong
   * together. A load's rate, concurrency and executions belong to its model: a layer naming another model than the
   * parent's takes none of them from it. A duration and executions each replace both of the parent's. A URL names its
   * engine: a layer giving one takes no engine from the parent.
   */
  public RaceInputs over(RaceInputs parent) {
    Map<Input<?>, Object> all = new LinkedHashMap<>(parent.values);
    if (has(LOAD) && parent.has(LOAD) && !get(LOAD).equals(parent.get(LOAD))) {
      all.keySet().removeAll(List.of(RATE, CONCURRENCY, EXECUTIONS));
    }
    if (has(DURATION) || has(EXECUTIONS)) {
      all.keySet().removeAll(List.of(DURATION, EXECUTIONS));
    }
    if (has(URL)) {
      all.remove(ENGINE);
    }
    all.putAll(values);
    return new RaceInputs(all);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RaceInputs other && values.equals(other.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
