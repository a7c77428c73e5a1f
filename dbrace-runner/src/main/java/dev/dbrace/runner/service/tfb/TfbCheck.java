package dev.dbrace.runner.service.tfb;

/**
 * One rule checked on one URL: passed, or broken with TFB's grade ({@code outcome}) and why. Immutable.
 */
public record TfbCheck(String url, TfbRule rule, Outcome outcome, String why) {
  /** TFB's three results of a verification. */
  public enum Outcome { PASS, WARN, FAIL }

  static TfbCheck pass(String url, TfbRule rule) {
    return new TfbCheck(url, rule, Outcome.PASS, "");
  }

  /** Passed when {@code why} is null, else broken with the grade given (a lenient query case's). */
  static TfbCheck of(String url, TfbRule rule, Outcome grade, String why) {
    return why == null ? pass(url, rule) : new TfbCheck(url, rule, grade, why);
  }

  /** Passed when {@code why} is null, else broken with TFB's grade of the rule. */
  static TfbCheck of(String url, TfbRule rule, String why) {
    return of(url, rule, rule.breach(), why);
  }

  public boolean passed() {
    return outcome == Outcome.PASS;
  }

  /** {@code fail /db: a Server header: none} */
  @Override
  public String toString() {
    return outcome.name().toLowerCase(java.util.Locale.ROOT) + " " + url + ": " + rule.words()
        + (why.isEmpty() ? "" : ": " + why);
  }
}
