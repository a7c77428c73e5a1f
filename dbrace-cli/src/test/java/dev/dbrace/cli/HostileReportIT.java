package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.testkit.Chromium;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario file whose name, description, operation names and SQL carry markup, with operations
 * whose checks fail and whose SQL the server rejects with the markup in its message, raced for
 * real; its report is then loaded in headless Chromium. Every payload, if it ran, marks the page
 * ({@code <html data-pwned=N>}); the DOM after the page's scripts ran must carry no mark, no
 * injected element, every chart drawn and no JavaScript error, and show the payloads as text.
 */
class HostileReportIT {
  private static final String MARK = "document.documentElement.dataset.pwned=";

  @Test
  void markupFromAScenarioNeverRunsInTheReport(@TempDir Path dir) throws Exception {
    String[] why = {""};
    Path chromium = Chromium.findOrInstall(w -> why[0] = w);
    assumeTrue(chromium != null, () -> "skipping the hostile-report browser check: " + why[0]);
    Path file = dir.resolve("hostile.yaml");
    Files.writeString(file, """
        name: "<script>%1$s1</script> \\"><img src=x onerror=%1$s2>"
        description: "</script><!-- <svg onload=%1$s3> -->"
        operations:
          - name: "<img src=x onerror=%1$s4>"
            sql: "select id from world where id = $1 -- <script>%1$s5</script>"
            params: [{uniform: {min: 1, max: 10000}}]
            expect: {rows: 1}
          - name: "\\"><script>%1$s6</script>"
            sql: "select id, '</script><script>%1$s7</script>' as t from world where id = $1"
            params: [{uniform: {min: 1, max: 10000}}]
            expect: {rows: 2}
          - name: "cast<b onmouseover=%1$s8>"
            sql: "select '<script>%1$s9</script><img src=x onerror=%1$s10>'::int + $1"
            params: [{uniform: {min: 1, max: 10}}]
        stacks: [jdbc-platform, vertx]
        """.formatted(MARK));
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Path out = dir.resolve("out");
    Cli.Result r = Cli.run("run", file.toString(), "--url", url, "--executions", "600", "--warmup", "0s",
        "--concurrency", "4", "--pool", "2", "--rounds", "1", "--out", out.toString());
    assertTrue(r.exit() == 0 || r.exit() == 1, () -> r.exit() + "\n" + r.err());

    // the failures really carry markup into the results, so the report has it to show
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    JsonNode run = race.path("runs").get(0);
    assertTrue(run.path("errors").asLong() > 0, run.toString());
    assertTrue(run.path("error_samples").toString().contains("<script>" + MARK + "9"), run.path("error_samples").toString());

    Path report = out.resolve("report.html");
    String html = Files.readString(report);
    for (String raw : List.of("<script>" + MARK, "<img src=x", "<svg onload", "<b onmouseover", "<!-- <svg")) {
      assertFalse(html.contains(raw), "unescaped in report.html: " + raw);
    }
    // (the template escapes '=' too)
    assertTrue(html.contains("&lt;script&gt;" + MARK.replace("=", "")), "the scenario's name shows as text");

    String dom = Chromium.dumpDom(chromium, report, dir);
    assertFalse(dom.contains("data-pwned"), () -> "a payload ran: " + around(dom, "data-pwned"));
    for (String injected : List.of("<img src=\"x\"", "<svg", "<b onmouseover")) {
      assertFalse(dom.contains(injected), () -> "a payload became an element: " + around(dom, injected));
    }
    // the report shows the workload's SQL and the error samples (operation names it does not show)
    for (String text : List.of("&lt;script&gt;" + MARK + "5&lt;/script&gt;", "&lt;script&gt;" + MARK + "9&lt;/script&gt;")) {
      assertTrue(dom.contains(text), () -> "shown as text: " + text + " in " + around(dom, MARK));
    }
    Matcher body = Pattern.compile("<body[^>]*data-charts-expected=\"(\\d+)\"[^>]*data-charts-rendered=\"(\\d+)\"").matcher(dom);
    Matcher bodyOtherOrder = Pattern.compile("<body[^>]*data-charts-rendered=\"(\\d+)\"[^>]*data-charts-expected=\"(\\d+)\"").matcher(dom);
    String expected;
    String rendered;
    if (body.find()) {
      expected = body.group(1);
      rendered = body.group(2);
    } else {
      assertTrue(bodyOtherOrder.find(), () -> "the page's script did not finish: " + around(dom, "<body"));
      rendered = bodyOtherOrder.group(1);
      expected = bodyOtherOrder.group(2);
    }
    assertEquals(expected, rendered, "every chart drawn");
    assertTrue(Integer.parseInt(expected) > 0);
    Matcher errors = Pattern.compile("<div id=\"js-errors\"[^>]*>(.*?)</div>", Pattern.DOTALL).matcher(dom);
    assertTrue(errors.find() && errors.group(1).isBlank(), () -> "JavaScript errors: " + around(dom, "js-errors"));
  }

  private static String around(String text, String what) {
    int i = text.indexOf(what);
    return i < 0 ? "(absent)" : text.substring(Math.max(0, i - 200), Math.min(text.length(), i + 300));
  }
}
