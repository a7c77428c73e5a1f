package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.ExperimentSpec;
import dev.dbrace.db.DbTarget;
import dev.dbrace.testkit.SharedTestDatabase;
import java.util.HashMap;
import java.util.Map;

/** Runs an experiment in the test JVM against the shared embedded PostgreSQL, defaults overridden by {@code options}. */
final class Experiments {
  private Experiments() {}

  static ExperimentResult run(Experiment e, Map<String, String> options) throws Exception {
    DbTarget t = SharedTestDatabase.target();
    Map<String, String> all = new HashMap<>();
    for (ExperimentOption o : e.options()) {
      all.put(o.name(), o.defaultValue());
    }
    all.putAll(options);
    ExperimentSpec spec = new ExperimentSpec(e.name(), t.host(), t.port(), t.database(), t.user(), "dbrace-test", all);
    return e.run(new ExperimentContext(spec, t.password(), m -> System.err.println("[" + e.name() + "] " + m)));
  }
}
