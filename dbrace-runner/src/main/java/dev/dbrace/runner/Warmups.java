package dev.dbrace.runner;

import dev.dbrace.core.run.WarmupRule;
import java.time.Duration;

/**
 * A warm-up setting: {@code auto} (until steady, {@link WarmupRule}; stored as {@link WarmupRule#AUTO}) or a fixed
 * duration such as {@code 20s} ({@code 0}: none), with its cap ({@code --warmup-max}) for auto.
 */
public final class Warmups {
  private Warmups() {}

  /** {@code auto} or a duration, in milliseconds; a {@link UserError} naming the value otherwise. */
  public static long parse(String value) {
    if ("auto".equalsIgnoreCase(value.trim())) {
      return WarmupRule.AUTO;
    }
    try {
      return Durations.parse(value);
    } catch (UserError e) {
      throw new UserError("'" + value + "' is neither auto nor a duration (e.g. 20s)");
    }
  }

  /** {@code warmupMs} as a user writes it, which {@link #parse} reads back: {@code auto} or a duration. */
  public static String text(long warmupMs) {
    return warmupMs == WarmupRule.AUTO ? "auto" : Durations.text(Duration.ofMillis(warmupMs));
  }

  /** How race.json and the report name a run's warm-up rule. */
  public static String describe(long warmupMs, long warmupMaxMs) {
    if (warmupMs == WarmupRule.AUTO) {
      return "auto: until steady (compiler threads under 5 % of the CPU, throughput flat within 5 % over 3 s, not ramping), at most "
          + Durations.human(warmupMaxMs / 1000.0);
    }
    return warmupMs == 0 ? "none" : "fixed " + Durations.human(warmupMs / 1000.0);
  }

  /** The checks every command makes: a fixed warm-up is >= 0, the cap is for auto only and at least 1 s. */
  public static void validate(long warmupMs, long warmupMaxMs, boolean maxGiven) {
    UserError.require(warmupMs >= 0 || warmupMs == WarmupRule.AUTO, "--warmup must be auto or a duration >= 0");
    UserError.require(!maxGiven || warmupMs == WarmupRule.AUTO,
        "--warmup-max caps --warmup auto; with a fixed --warmup it would change nothing: leave one out");
    UserError.require(warmupMaxMs >= Defaults.WARMUP_MAX_MIN_MS, "--warmup-max must be at least "
        + Durations.human(Defaults.WARMUP_MAX_MIN_MS / 1000.0) + ", got " + warmupMaxMs + " ms");
  }
}
