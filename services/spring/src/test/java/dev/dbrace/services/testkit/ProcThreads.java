package dev.dbrace.services.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A process's thread names as Linux sees them ({@code /proc/<pid>/task/<tid>/comm}, cut to 15
 * characters): read from outside, like dbrace's /proc probe, to check what a variant really runs on.
 */
public final class ProcThreads {
  private ProcThreads() {}

  public static List<String> names(long pid) throws IOException {
    List<String> names = new ArrayList<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks.toList()) {
        try {
          names.add(Files.readString(task.resolve("comm")).strip());
        } catch (IOException threadEnded) {
          // gone between list and read
        }
      }
    }
    return names;
  }

  public static long count(List<String> names, String prefix) {
    return names.stream().filter(n -> n.startsWith(prefix)).count();
  }
}
