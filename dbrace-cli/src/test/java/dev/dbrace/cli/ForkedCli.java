package dev.dbrace.cli;

import dev.dbrace.runner.Home;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts the command line in a JVM of its own, as ./dbrace does, for what an in-process run cannot
 * show: signals, the environment it reads passwords from, and the processes it leaves behind.
 * Its stdout and stderr go to {@code dir/stdout} and {@code dir/stderr}.
 */
final class ForkedCli {
  private ForkedCli() {}

  static Process start(Path dir, Map<String, String> env, String... args) throws IOException {
    return start(dir, env, false, args);
  }

  /**
   * @param ownGroup in a session and process group of its own (setsid), as a shell runs a command: a terminal's Ctrl-C
   *     signals the whole group
   */
  static Process start(Path dir, Map<String, String> env, boolean ownGroup, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(ownGroup ? List.of("setsid") : List.of());
    // SIGINT at its default, as a terminal's shell starts a command: a suite started in the background (nohup, &)
    // passes SIGINT ignored down to every process it forks, and a JVM that inherits it ignored never hears Ctrl-C
    cmd.addAll(List.of("env", "--default-signal=INT"));
    cmd.addAll(javaCommand(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(dir.resolve("stdout").toFile())
        .redirectError(dir.resolve("stderr").toFile());
    pb.environment().remove("PGPASSWORD");
    pb.environment().remove("PGPASSFILE");
    pb.environment().putAll(env);
    return pb.start();
  }

  /** The command line of a JVM that runs {@code dbrace args} on this test's class path (to wrap, e.g. in a namespace). */
  static List<String> javaCommand(String... args) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xmx256m",
        "-Ddbrace.home=" + Home.dir(), "-cp", System.getProperty("java.class.path"), "dev.dbrace.cli.Main"));
    cmd.addAll(List.of(args));
    return cmd;
  }
}
