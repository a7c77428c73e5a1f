package dev.dbrace.core.workload;

import dev.dbrace.core.load.Share;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Statement;
import java.util.Arrays;
import java.util.List;

/**
 * The seeded sequence of operations: operation {@code i} depends only on the seed and {@code i},
 * never on timing or thread, so every stack sees the same keys in the same order. An agent's part of a shared run
 * ({@link Share}) draws every {@code of}-th operation of the same sequence: position {@code k} of the part is position
 * {@link Share#sequenceIndex} of the whole, and its operations carry that index. Thread-safe (stateless after
 * construction).
 */
public final class OperationSequence {
  private final WorkloadSpec workload;
  private final long seed;
  private final Share share;
  private final int[] kindByWeightSlot;
  private final int[][] sqlIds; // [kind][statement] -> sqlId

  public OperationSequence(WorkloadSpec workload, long seed) {
    this(workload, seed, Share.WHOLE);
  }

  /** The part {@code share} of the sequence for {@code seed}. */
  public OperationSequence(WorkloadSpec workload, long seed, Share share) {
    this.workload = workload;
    this.seed = seed;
    this.share = share;
    List<String> texts = workload.sqlTexts();
    int total = workload.mix().stream().mapToInt(OperationSpec::weight).sum();
    kindByWeightSlot = new int[total];
    sqlIds = new int[workload.mix().size()][];
    int slot = 0;
    for (int k = 0; k < workload.mix().size(); k++) {
      OperationSpec op = workload.mix().get(k);
      for (int w = 0; w < op.weight(); w++) {
        kindByWeightSlot[slot++] = k;
      }
      sqlIds[k] = op.statements().stream().mapToInt(s -> texts.indexOf(s.sql())).toArray();
    }
  }

  public WorkloadSpec workload() {
    return workload;
  }

  /** Which part of the whole sequence this is. */
  public Share share() {
    return share;
  }

  /** The operation at position {@code position} of this part of the sequence (of the whole, on one box). */
  public Operation operation(long position) {
    long index = share.sequenceIndex(position);
    long base = mix(seed ^ mix(index + 0x9E3779B97F4A7C15L));
    int kind = kindByWeightSlot[(int) Long.remainderUnsigned(base, kindByWeightSlot.length)];
    OperationSpec spec = workload.mix().get(kind);
    Statement[] statements = new Statement[spec.statementCount()];
    int next = 0;
    long draw = base;
    for (int r = 0; r < spec.repeat(); r++) {
      for (int s = 0; s < spec.statements().size(); s++) {
        List<ParamGen> gens = spec.statements().get(s).params();
        Object[] params = new Object[gens.size()];
        for (int p = 0; p < params.length; p++) {
          draw = mix(draw + 0x9E3779B97F4A7C15L);
          params[p] = gens.get(p).value(index, draw);
        }
        statements[next++] = new Statement(sqlIds[kind][s], params);
      }
    }
    // one statement (the common case) as an immutable one-element list: one object, the array left to escape analysis
    return new Operation(index, kind, next == 1 ? List.of(statements[0]) : Arrays.asList(statements), spec.transaction());
  }

  /** SplitMix64's finalizer: a fast, well-distributed bijection on 64-bit values. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
