package dev.dbrace.services.quarkus.common;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** TechEmpower's fortunes page, byte for byte what every variant sends: rows plus one, sorted by message, escaped. */
public final class FortunesPage {
  private FortunesPage() {}

  public static String render(List<Fortune> rows) {
    record Line(int id, String message) {}
    List<Line> all = new ArrayList<>(rows.size() + 1);
    rows.forEach(f -> all.add(new Line(f.id, f.message)));
    all.add(new Line(0, "Additional fortune added at request time."));
    all.sort(Comparator.comparing(Line::message));
    StringBuilder html = new StringBuilder(2048)
        .append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
        .append("<tr><th>id</th><th>message</th></tr>");
    for (Line l : all) {
      html.append("<tr><td>").append(l.id()).append("</td><td>");
      for (char c : l.message().toCharArray()) {
        switch (c) {
          case '&' -> html.append("&amp;");
          case '<' -> html.append("&lt;");
          case '>' -> html.append("&gt;");
          case '"' -> html.append("&quot;");
          case '\'' -> html.append("&#39;");
          default -> html.append(c);
        }
      }
      html.append("</td></tr>");
    }
    return html.append("</table></body></html>").toString();
  }
}
