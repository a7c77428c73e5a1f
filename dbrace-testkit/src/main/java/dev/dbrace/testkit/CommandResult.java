package dev.dbrace.testkit;

/**
 * What a command printed and how it ended, however a test ran it (in-process or forked): what
 * {@link CliAssertions} reads.
 */
public interface CommandResult {
  /** The exit code. */
  int exit();

  /** Everything printed on standard output. */
  String out();

  /** Everything printed on standard error. */
  String err();
}
