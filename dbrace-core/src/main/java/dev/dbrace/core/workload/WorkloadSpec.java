package dev.dbrace.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one operation does, as data: a weighted mix of operation kinds, each a list of
 * statements with parameter generators and result checks.
 *
 * @param options the option values the workload was built with (recorded in results)
 */
public record WorkloadSpec(
    String name, String description, List<OperationSpec> mix, Map<String, String> options) {

  public WorkloadSpec {
    mix = List.copyOf(mix);
    options = Map.copyOf(options);
    if (mix.isEmpty()) {
      throw new IllegalArgumentException(name + ": empty mix");
    }
  }

  /** Whether any operation of the mix runs in a transaction (stacks must support them). */
  public boolean transactional() {
    return mix.stream().anyMatch(OperationSpec::transaction);
  }

  /** Every distinct SQL text, in first-seen order; {@code Statement.sqlId} indexes this list. */
  public List<String> sqlTexts() {
    List<String> texts = new ArrayList<>();
    for (OperationSpec op : mix) {
      for (StatementSpec s : op.statements()) {
        if (!texts.contains(s.sql())) {
          texts.add(s.sql());
        }
      }
    }
    return texts;
  }
}
