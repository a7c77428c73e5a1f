package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dbrace.runner.Home;
import dev.dbrace.runner.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation loop over the example files: lines deleted, duplicated, swapped, retyped, and
 * random bytes. The parser must return a scenario or throw its one-line error naming file:line;
 * never any other exception.
 */
public class ScenarioFuzzTest {
  private static final Set<String> STACKS = Set.of("jdbc-platform", "jdbc-virtual", "r2dbc", "vertx", "vertx-pipelined");
  private static final String[] JUNK = {"zipf", "-1", "0", "[", "]", "{", "}", ":", "- ", "\"", "'", "  ", "\t", "$3", "1e99",
      "null", "~", "&a", "*a", "!!binary", "true", "99999999999999999999", "10 s", "#", "\u0000", "\uFFFF", "ms", "min: 5"};

  @Test
  void mutatedExamplesParseOrFailInOneLine() throws Exception {
    Path home = Home.dir();
    List<Path> examples = List.of(home.resolve("examples/orders.yaml"), home.resolve("examples/world.yaml"));
    Random rnd = new Random(20240807);
    int valid = 0;
    int rejected = 0;
    for (int round = 0; round < 3000; round++) {
      Path file = examples.get(round % examples.size());
      String text = mutate(Files.readString(file), rnd);
      try {
        ScenarioReader.parse(file, text, STACKS);
        valid++;
      } catch (ScenarioReader.ScenarioError e) {
        rejected++;
        String m = e.getMessage();
        assertTrue(m.startsWith(file + ":"), () -> "no file in: " + m);
        assertTrue(m.substring(file.toString().length() + 1).matches("(?s)\\d+: .*"), () -> "no line in: " + m);
        assertEquals(-1, m.indexOf('\n'), () -> "more than one line: " + m);
      } catch (Throwable t) {
        fail("round " + round + ": " + t + "\n--- input ---\n" + text, t);
      }
    }
    assertTrue(valid > 50 && rejected > 500, "valid " + valid + ", rejected " + rejected);
  }

  private static String mutate(String text, Random rnd) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    int edits = 1 + rnd.nextInt(3);
    for (int e = 0; e < edits && !lines.isEmpty(); e++) {
      int i = rnd.nextInt(lines.size());
      switch (rnd.nextInt(6)) {
        case 0 -> lines.remove(i);
        case 1 -> lines.add(i, lines.get(i));
        case 2 -> lines.set(i, lines.get(rnd.nextInt(lines.size())));
        case 3 -> {
          String l = lines.get(i);
          int at = rnd.nextInt(l.length() + 1);
          lines.set(i, l.substring(0, at) + JUNK[rnd.nextInt(JUNK.length)] + l.substring(Math.min(l.length(), at + rnd.nextInt(4))));
        }
        case 4 -> lines.set(i, lines.get(i).replaceAll("\\d+", Integer.toString(rnd.nextInt(5) - 2)));
        default -> {
          char[] c = lines.get(i).toCharArray();
          if (c.length > 0) {
            c[rnd.nextInt(c.length)] = (char) rnd.nextInt(256);
          }
          lines.set(i, new String(c));
        }
      }
    }
    return String.join("\n", lines);
  }
}
