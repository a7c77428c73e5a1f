package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Real child processes for the /proc tests: a python3 script, its output merged into its stdout. */
final class PythonChild {
  private PythonChild() {}

  /** A python3 child running {@code script}; the test is skipped without python3 ({@code why} says what it needed). */
  static Process start(String why, String script) throws IOException {
    Path python = Path.of("/usr/bin/python3");
    assumeTrue(Files.isExecutable(python), "needs python3 (apt-get install python3) for " + why);
    return new ProcessBuilder(python.toString(), "-c", script).redirectErrorStream(true).start();
  }
}
