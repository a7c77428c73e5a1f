package dev.dbrace.runner.service.tfb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.service.tfb.TfbFortunes.Fortune;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TFB's fortunes normalisation on scripted pages: the forms its FortuneHTMLParser accepts as the same page (entity
 * or literal, decimal or hex references, whitespace between tags, thead/tbody/meta, the doctype's case) normalise
 * to the expected page; a changed cell, a missing or unsorted row, an unescaped script and a reference TFB leaves
 * unmapped do not pass.
 */
class TfbFortunesTest {
  static final List<Fortune> TABLE = List.of(
      new Fortune(11, "<script>alert(\"This should not be displayed in a browser alert box.\");</script>"),
      new Fortune(2, "A computer scientist is someone who fixes things that aren't broken."),
      new Fortune(8, "A list is only as strong as its weakest link. — Donald Knuth"),
      new Fortune(4, "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
      new Fortune(12, "フレームワークのベンチマーク"));

  /** The page as the services write it: one line, ' as &#39;. */
  static String servicePage(List<Fortune> rows) {
    StringBuilder b = new StringBuilder("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
        + "<tr><th>id</th><th>message</th></tr>");
    rows.forEach(f -> b.append("<tr><td>").append(f.id()).append("</td><td>")
        .append(f.message().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
            .replace("'", "&#39;"))
        .append("</td></tr>"));
    return b.append("</table></body></html>").toString();
  }

  static List<Fortune> sorted() {
    List<Fortune> rows = new java.util.ArrayList<>(TABLE);
    rows.add(TfbFortunes.ADDITIONAL);
    rows.sort(java.util.Comparator.comparing(Fortune::message));
    return rows;
  }

  @Test
  void theExpectedPageIsTfbsNormalFormSortedByMessageWithTheAddedRow() {
    String expected = TfbFortunes.expected(TABLE);
    assertTrue(expected.startsWith("<!doctype html><html>\n<head><title>Fortunes</title></head>\n<body><table>\n"
        + "<tr><th>id</th><th>message</th></tr>\n<tr><td>11</td><td>&lt;script&gt;alert(&quot;This should"), expected);
    assertTrue(expected.contains("<tr><td>2</td><td>A computer scientist is someone who fixes things that aren&apos;t broken.</td></tr>\n"
        + "<tr><td>8</td><td>A list is only as strong as its weakest link. — Donald Knuth</td></tr>\n"
        + "<tr><td>0</td><td>Additional fortune added at request time.</td></tr>\n"), expected);
    assertTrue(expected.endsWith("<tr><td>12</td><td>フレームワークのベンチマーク</td></tr>\n</table></body></html>"), expected);
  }

  @Test
  void theServicesPageNormalisesToTheExpectedOne() {
    assertEquals(TfbFortunes.expected(TABLE), TfbFortunes.normalise(servicePage(sorted())));
  }

  @Test
  void everyFormTfbAcceptsNormalisesToTheSamePage() {
    String expected = TfbFortunes.expected(TABLE);
    String page = servicePage(sorted());
    Map<String, String> forms = Map.of(
        "hex references", page.replace("&#39;", "&#x27;").replace("&quot;", "&#x22;"),
        "decimal references", page.replace("&quot;", "&#34;").replace("&lt;", "&#60;").replace("&gt;", "&#62;"),
        "literal quotes and >", page.replace("&#39;", "'").replace("&quot;", "\"").replace("&gt;", ">"),
        "named apostrophe and dash", page.replace("&#39;", "&apos;").replace("—", "&mdash;"),
        "whitespace between tags, a meta, thead and tbody", page.replace("<head>", "<head>\n  <meta charset=\"utf-8\">\n  ")
            .replace("<table>", "<table>\n<thead>").replace("</th></tr>", "</th></tr></thead>\n<tbody>")
            .replace("</tr>", "</tr>\n    ").replace("</table>", "</tbody></table>\n"),
        "upper-case doctype", page.replace("<!DOCTYPE html>", "<!DOCTYPE HTML>\n"),
        "a script in the head", page.replace("</title>", "</title><script>var x = '<td>';</script>"));
    forms.forEach((what, form) -> {
      assertEquals(List.of(), TfbFortunes.unmappedReferences(form), what);
      assertEquals(expected, TfbFortunes.normalise(form), what);
    });
  }

  @Test
  void aPageThatDiffersDoesNotPass() {
    String expected = TfbFortunes.expected(TABLE);
    String page = servicePage(sorted());
    List<String> wrong = List.of(
        page.replace("<td>11</td>", "<td> 11</td>"),
        servicePage(TABLE.stream().sorted(java.util.Comparator.comparing(Fortune::message)).toList()),
        servicePage(TABLE),
        page.replace("&lt;script&gt;", "<script>").replace("&lt;/script&gt;", "</script>"),
        page.replace("<title>Fortunes</title>", ""),
        page.replace("<table>", "<table border=\"1\"><tr><td>\n</td></tr>"));
    for (String form : wrong) {
      assertNotEquals(expected, TfbFortunes.normalise(form), form);
    }
  }

  @Test
  void referencesTfbsParserLeavesUnmappedAreNamed() {
    String page = servicePage(sorted()).replace("フ", "&#12501;").replace("—", "&#8212;");
    assertEquals(List.of("&#8212;", "&#12501;"), TfbFortunes.unmappedReferences(page));
    TfbCheck c = TfbFortunes.check(new TfbResponse("/fortunes", 200, Map.of(), page.getBytes(StandardCharsets.UTF_8), null), TABLE);
    assertEquals(TfbCheck.Outcome.FAIL, c.outcome());
    assertTrue(c.why().contains("&#12501;"), c.why());
  }

  @Test
  void theCheckPassesTheServicesPageAndSaysWhereAnotherDiffers() {
    byte[] good = servicePage(sorted()).getBytes(StandardCharsets.UTF_8);
    assertTrue(TfbFortunes.check(new TfbResponse("/fortunes", 200, Map.of(), good, null), TABLE).passed());
    byte[] bad = servicePage(sorted()).replace("<td>12</td>", "<td>13</td>").getBytes(StandardCharsets.UTF_8);
    TfbCheck c = TfbFortunes.check(new TfbResponse("/fortunes", 200, Map.of(), bad, null), TABLE);
    assertFalse(c.passed());
    assertTrue(c.why().contains("<tr><td>13</td>") && c.why().contains("should be `<tr><td>12</td>"), c.why());
    assertFalse(TfbFortunes.check(TfbResponse.none("/fortunes", "refused"), TABLE).passed());
  }
}
