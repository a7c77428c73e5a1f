package dev.dbrace.runner.service.tfb;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.DocumentType;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;

/**
 * TFB's fortunes rule: the page, normalised as TFB's {@code FortuneHTMLParser} normalises it, equals the expected
 * page normalised the same way. The normal form: tags by name only (no attributes, lower case), {@code meta},
 * {@code link}, {@code thead} and {@code tbody} tags left out and {@code script} with its content, a line break after
 * {@code <html>}, {@code <table>}, {@code </head>} and {@code </tr>}, text between tags dropped when blank and kept
 * as it stands otherwise, with {@code <}, {@code >}, {@code &}, {@code "} and {@code '} written {@code &lt;},
 * {@code &gt;}, {@code &amp;}, {@code &quot;} and {@code &apos;} whatever form the page chose, the doctype lower case.
 *
 * <p>The page is read by jsoup as XML, so no element is implied that the page does not hold. Unlike TFB's parser,
 * jsoup decodes every character reference: those TFB does not map to their characters (any but the forms of
 * {@code " ' + < > / ( )} and {@code &mdash;}, {@code &lt;}, {@code &gt;}, {@code &quot;}, {@code &apos;},
 * {@code &amp;}), which TFB's comparison then fails on, are named as the problem instead. Known differences from
 * TFB's parser, none in a page of the contract's shape: a void element other than those left out (a {@code <br>})
 * gets an end tag here, and blank text between two character references is kept here. Pure functions.
 */
final class TfbFortunes {
  /** TFB's added row. */
  static final Fortune ADDITIONAL = new Fortune(0, "Additional fortune added at request time.");
  private static final Set<String> LEFT_OUT = Set.of("meta", "link", "thead", "tbody");
  private static final Set<String> BREAK_AFTER_START = Set.of("html", "table");
  private static final Set<String> BREAK_AFTER_END = Set.of("head", "tr");
  private static final Pattern REFERENCE = Pattern.compile("&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);");
  /** The references TFB's parser turns into the normal form; it drops other numeric ones and keeps other names. */
  private static final Set<String> MAPPED = Set.of("#34", "#034", "#x22", "#39", "#039", "#x27", "#43", "#043", "#x2b",
      "#62", "#062", "#x3e", "#60", "#060", "#x3c", "#47", "#047", "#x2f", "#40", "#040", "#x28", "#41", "#041", "#x29",
      "mdash", "lt", "gt", "quot", "apos", "amp");

  /** A row of the fortune table. */
  record Fortune(int id, String message) {}

  private TfbFortunes() {}

  /** The check of one answer against the table's rows. */
  static TfbCheck check(TfbResponse r, List<Fortune> table) {
    String why = r.notAnswered();
    if (why == null) {
      String page = r.text();
      List<String> refs = unmappedReferences(page);
      String expected = expected(table);
      String got = normalise(page);
      why = !refs.isEmpty() ? "character references TFB's parser does not map: " + String.join(" ", refs)
          : got.equals(expected) ? null : difference(expected, got);
    }
    return TfbCheck.of(r.url(), TfbRule.FORTUNES_PAGE, why);
  }

  /** The page TFB expects, in the normal form: the rows and {@link #ADDITIONAL}, sorted by message. */
  static String expected(List<Fortune> table) {
    List<Fortune> rows = new ArrayList<>(table);
    rows.add(ADDITIONAL);
    rows.sort(Comparator.comparing(Fortune::message));
    StringBuilder b = new StringBuilder("<!doctype html><html>\n<head><title>Fortunes</title></head>\n<body><table>\n"
        + "<tr><th>id</th><th>message</th></tr>\n");
    rows.forEach(f -> b.append("<tr><td>").append(f.id()).append("</td><td>").append(escape(f.message())).append("</td></tr>\n"));
    return b.append("</table></body></html>").toString();
  }

  /** The page in TFB's normal form (the class comment). */
  static String normalise(String html) {
    StringBuilder out = new StringBuilder();
    for (Node n : Jsoup.parse(html, "", Parser.xmlParser()).childNodes()) {
      write(n, out);
    }
    return out.toString();
  }

  /** The character references in the page that TFB's parser leaves unmapped (or drops), in order. */
  static List<String> unmappedReferences(String html) {
    List<String> found = new ArrayList<>();
    Matcher m = REFERENCE.matcher(html);
    while (m.find()) {
      String name = m.group(1).startsWith("#") ? m.group(1).toLowerCase(Locale.ROOT) : m.group(1);
      if (!MAPPED.contains(name)) {
        found.add(m.group());
      }
    }
    return found;
  }

  private static void write(Node n, StringBuilder out) {
    if (n instanceof DocumentType d) {
      out.append("<!").append(("doctype " + d.name()).toLowerCase(Locale.ROOT)).append('>');
    } else if (n instanceof TextNode t) {
      if (!t.isBlank()) {
        out.append(escape(t.getWholeText()));
      }
    } else if (n instanceof Element e) {
      String name = e.normalName();
      if (name.equals("script")) {
        return;
      }
      boolean shown = !LEFT_OUT.contains(name);
      if (shown) {
        out.append('<').append(name).append('>').append(BREAK_AFTER_START.contains(name) ? "\n" : "");
      }
      e.childNodes().forEach(c -> write(c, out));
      if (shown) {
        out.append("</").append(name).append('>').append(BREAK_AFTER_END.contains(name) ? "\n" : "");
      }
    }
    // comments, declarations and processing instructions: TFB's parser drops them
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
        .replace("'", "&apos;");
  }

  /** The first line that differs, as TFB's diff shows it: what the page has, and what it should have. */
  private static String difference(String expected, String got) {
    String[] e = expected.split("\n", -1);
    String[] g = got.split("\n", -1);
    for (int i = 0; i < Math.max(e.length, g.length); i++) {
      String want = i < e.length ? e[i] : "";
      String have = i < g.length ? g[i] : "";
      if (!want.equals(have)) {
        return "line " + (i + 1) + " is `" + have + "`, should be `" + want + "`";
      }
    }
    return "differs";
  }
}
