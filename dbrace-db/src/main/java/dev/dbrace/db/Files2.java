package dev.dbrace.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Small file helpers the JDK lacks. Stateless, hence thread-safe. */
public final class Files2 {

  private Files2() {}

  /**
   * Deletes a directory tree without following symbolic links out of it. Best effort: files
   * that vanish meanwhile are fine; returns whether the tree is gone.
   */
  public static boolean deleteTree(Path root) {
    if (root == null || !Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return true;
    }
    try (Stream<Path> walk = Files.walk(root)) { // walk does not follow links by default
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        try {
          Files.deleteIfExists(p);
        } catch (NoSuchFileException e) {
          // removed meanwhile, e.g. by a server that was still exiting
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // reported through the return value
    }
    return !Files.exists(root, LinkOption.NOFOLLOW_LINKS);
  }

  /** The last {@code n} lines of a text file, joined by " | "; empty if it cannot be read. */
  public static String tail(Path file, int n) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      ArrayDeque<String> last = new ArrayDeque<>();
      for (String l : lines) {
        if (!l.isBlank()) {
          last.addLast(l.strip());
          if (last.size() > n) {
            last.removeFirst();
          }
        }
      }
      return String.join(" | ", last);
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }
}
