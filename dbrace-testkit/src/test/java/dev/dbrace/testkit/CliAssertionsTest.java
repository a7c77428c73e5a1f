package dev.dbrace.testkit;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The one-line-error check passes what the CLI promises and fails each way of breaking the promise. */
class CliAssertionsTest {
  private record Result(int exit, String out, String err) implements CommandResult {}

  @Test
  void passesOneLineWithExitTwoAfterServerProgress() {
    assertOneLineError(new Result(2, "", "dbrace: starting PostgreSQL\nunknown stack 'x'\n\n"), "unknown stack", "pw");
  }

  @Test
  void failsAnotherExitCodeASecondLineAStackTraceAMissingTextOrAPassword() {
    assertThrows(AssertionError.class, () -> assertOneLineError(new Result(1, "", "bad\n"), "bad"));
    assertThrows(AssertionError.class, () -> assertOneLineError(new Result(2, "", "bad\nworse\n"), "bad"));
    assertThrows(AssertionError.class,
        () -> assertOneLineError(new Result(2, "", "bad\n\tat dev.dbrace.Main.run(Main.java:1)\n"), "bad"));
    assertThrows(AssertionError.class, () -> assertOneLineError(new Result(2, "", "bad\n"), "good"));
    assertThrows(AssertionError.class, () -> assertOneLineError(new Result(2, "Secr3t", "bad\n"), "bad", "Secr3t"));
  }
}
