package dev.dbrace.core.experiment;

/** An {@code --opt} value an experiment cannot use: the user's mistake, told in one line (exit code 2). */
public final class BadOptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public BadOptionException(String message) {
    super(message);
  }
}
