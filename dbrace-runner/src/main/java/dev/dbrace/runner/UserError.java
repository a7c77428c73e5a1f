package dev.dbrace.runner;

/** A problem the user can fix (bad option, unreachable database): printed as one line, exit 2. */
public class UserError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UserError(String message) {
    super(message);
  }

  /** Throws a UserError with {@code message} unless {@code ok}. */
  public static void require(boolean ok, String message) {
    if (!ok) {
      throw new UserError(message);
    }
  }
}
