package dev.dbrace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/** The command line's promises about bad input, checked one way in every test. */
public final class CliAssertions {
  /** What the CLI prints on stderr while it starts an embedded server, before any error. */
  private static final String STARTING = "dbrace: starting";

  private CliAssertions() {}

  /**
   * Bad input: exit code 2 and one line on stderr that contains {@code expected}, with no stack
   * trace and none of {@code secrets} (the passwords the command was given). Lines saying that an
   * embedded server is starting are progress, not part of the error.
   */
  public static void assertOneLineError(CommandResult r, String expected, String... secrets) {
    assertEquals(2, r.exit(), () -> "exit code; stderr: " + r.err());
    List<String> lines = r.err().lines().filter(l -> !l.isBlank() && !l.startsWith(STARTING)).toList();
    assertEquals(1, lines.size(), () -> "one line expected, got: " + r.err());
    assertTrue(lines.getFirst().contains(expected), () -> "expected '" + expected + "' in: " + r.err());
    assertFalse(r.err().contains("\tat "), () -> "a stack trace: " + r.err());
    for (String secret : secrets) {
      assertFalse(r.err().contains(secret) || r.out().contains(secret), "a password in the output");
    }
  }
}
