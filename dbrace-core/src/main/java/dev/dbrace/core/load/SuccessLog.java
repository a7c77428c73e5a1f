package dev.dbrace.core.load;

/**
 * Told the index of every operation the load driver counted as successful (checked and verified),
 * so a fault run can compare the client's successes with what the database holds afterwards.
 * Called from every completing thread; implementations must be thread-safe and cheap.
 */
@FunctionalInterface
public interface SuccessLog {
  /** Records nothing: the hot path calls it without testing for null. */
  SuccessLog NONE = index -> { };

  void succeeded(long index);
}
