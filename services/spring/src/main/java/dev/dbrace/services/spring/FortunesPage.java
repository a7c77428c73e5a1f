package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Rows.Fortune;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * TechEmpower's fortunes page, byte for byte what every variant (Java or Node) must send: the
 * rows plus one added at request time, sorted by message, HTML-escaped. Stateless, thread-safe.
 */
final class FortunesPage {
  static final String ADDED = "Additional fortune added at request time.";

  private FortunesPage() {}

  static String render(List<Fortune> rows) {
    List<Fortune> all = new ArrayList<>(rows.size() + 1);
    all.addAll(rows);
    all.add(new Fortune(0, ADDED));
    // String order (UTF-16 code units), which is also JavaScript's default sort order.
    all.sort(Comparator.comparing(Fortune::message));
    StringBuilder html = new StringBuilder(2048);
    html.append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
        .append("<tr><th>id</th><th>message</th></tr>");
    for (Fortune f : all) {
      html.append("<tr><td>").append(f.id()).append("</td><td>");
      escape(f.message(), html);
      html.append("</td></tr>");
    }
    return html.append("</table></body></html>").toString();
  }

  /** The five characters TechEmpower's reference page escapes, as it escapes them. */
  static void escape(String s, StringBuilder out) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
  }
}
