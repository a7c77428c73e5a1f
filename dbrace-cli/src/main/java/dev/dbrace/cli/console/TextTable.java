package dev.dbrace.cli.console;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Columns of text for the console: the header, a rule under it, then the rows; each column as wide as its widest cell
 * and two spaces from the next, the first {@code left} columns (names) aligned left, the others (figures) right. A cell
 * is never cut: a long one widens its column. A two-line header breaks each header at its first space, a name over its
 * unit ({@code p50} over {@code ms}), so that no header is wider than the figures under it need.
 */
final class TextTable {
  private TextTable() {}

  static void print(PrintStream out, List<String> head, List<List<String>> rows, int left, boolean twoLineHead) {
    List<List<String>> lines = new ArrayList<>();
    if (twoLineHead) {
      lines.add(head.stream().map(h -> h.contains(" ") ? h.substring(0, h.indexOf(' ')) : "").toList());
      lines.add(head.stream().map(h -> h.substring(h.indexOf(' ') + 1)).toList());
    } else {
      lines.add(head);
    }
    int headLines = lines.size();
    lines.addAll(rows);
    int[] width = new int[head.size()];
    for (List<String> line : lines) {
      for (int i = 0; i < width.length; i++) {
        width[i] = Math.max(width[i], line.get(i).length());
      }
    }
    for (int r = 0; r < lines.size(); r++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < width.length; i++) {
        String cell = lines.get(r).get(i);
        String fill = " ".repeat(width[i] - cell.length());
        sb.append(i < left ? cell + fill : fill + cell).append("  ");
      }
      String line = sb.toString().stripTrailing();
      out.println(line);
      if (r == headLines - 1) {
        out.println("-".repeat(line.length()));
      }
    }
  }
}
