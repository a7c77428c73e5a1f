package dev.dbrace.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HtmlReportTest {
  private static final Pattern REMOTE = Pattern.compile("(?i)(src|href)\\s*=\\s*[\"']?\\s*(https?:)?//");

  @TempDir Path tmp;

  private Pages render(String fixture) throws Exception {
    Path dir = FixtureResults.write(fixture, tmp);
    Path file = HtmlReport.write(dir);
    assertEquals(dir.resolve("report.html"), file);
    return Pages.read(file);
  }

  @ParameterizedTest
  @ValueSource(strings = {"plain", "capacity", "curve", "hostile"})
  void isOneSelfContainedFile(String fixture) throws Exception {
    Pages page = render(fixture);
    assertFalse(REMOTE.matcher(page.html()).find(), "a src or href points to the network");
    assertTrue(page.doc().select("script[src], link[href], img[src], iframe").isEmpty(), "an external resource is referenced");
    assertFalse(page.html().contains("sourceMappingURL"), "the inlined library still names its source map");
    // the library is really inlined: Chart.js registers itself as window.Chart
    assertTrue(page.doc().select("script").stream().anyMatch(s -> s.data().contains("Chart.js v4")), "Chart.js is not inlined");
  }

  @ParameterizedTest
  @ValueSource(strings = {"plain", "capacity", "curve"})
  void dataBlobParsesBackToTheRace(String fixture) throws Exception {
    Pages page = render(fixture);
    Race original = ReportFiles.openResults(tmp.resolve(fixture)).race();
    assertEquals(original, Json.MAPPER.treeToValue(page.data().get("race"), Race.class));
    assertEquals(page.data().get("charts").size(), Integer.parseInt(page.doc().body().attr("data-charts-expected")));
    for (String id : page.chartIds()) {
      Element canvas = page.doc().getElementById("chart-" + id);
      assertNotNull(canvas, "no canvas for chart " + id);
      assertEquals("canvas", canvas.tagName());
    }
    List<String> ids = page.doc().select("[id]").eachAttr("id");
    assertEquals(ids.size(), ids.stream().distinct().count(), "duplicate element ids: " + ids);
  }

  @Test
  void plainRaceShowsEveryRunAndItsCost() throws Exception {
    Pages page = render("plain");
    List<String> stacks = page.doc().select("#summary tbody tr:not(.group) td:first-child").eachText();
    assertEquals(List.of("jdbc-platform", "jdbc-virtual", "vertx"), stacks);
    Element vertx = page.doc().select("#summary tbody tr:not(.group)").get(2);
    assertEquals("25,102", vertx.child(1).text());
    assertEquals("1.00x", vertx.child(2).text());
    assertEquals("0.77x", page.doc().select("#summary tbody tr:not(.group)").get(1).child(2).text()); // 19,370 / 25,102
    assertTrue(page.doc().select("#summary tr.group").text().contains("closed loop"));
    assertEquals(List.of("jdbc-platform", "jdbc-virtual", "vertx"), page.seriesLabels("percentiles-1"));
    assertTrue(page.chartIds().containsAll(List.of("resource-cpu", "resource-rss", "resource-ctx", "resource-threads")));
    assertNull(page.doc().getElementById("curves"), "a single load point has no curve");
    assertNull(page.doc().getElementById("capacity"));
    assertNull(page.doc().getElementById("threads"), "no run recorded thread states");
    assertEquals("row 0 column 0: expected 4711, got 4712", page.doc().select("#errors td.sample").text());
    String header = page.doc().select("header").text();
    for (String expected : List.of("./dbrace run --stacks jdbc-platform,jdbc-virtual,vertx", "d8079c0a1b2c", "25.0.3+9-LTS",
        "17.6 (embedded)", "2 cores", "pgjdbc 42.7.14", "vertx-pg-client 5.0.12", "SELECT id, randomnumber FROM world WHERE id = $1",
        "16 connections", "64 operations in flight", "seed 42", "2026-11-23 10:32:28 UTC, 63 s")) {
      assertTrue(header.contains(expected), "header lacks " + expected);
    }
  }

  @Test
  void processTimelinesAreDrawnFromTheRunnersSamples() throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    Race race = Json.MAPPER.readValue(dir.resolve("race.json").toFile(),
        Race.class);
    var run = race.runs().get(0);
    Files.writeString(dir.resolve(run.hlog()).resolveSibling("process.csv"),
        "seconds,threads,rss_mb,cpu_s\n0.20,12,80.5,0.40\n0.40,205,120.0,0.90\n0.60,207,cut");
    Document doc = Jsoup.parse(HtmlReport.write(dir).toFile());
    assertEquals(2, doc.select("#timelines .chart").size(), doc.select("#timelines").outerHtml());
    String data = doc.getElementById("report-data").data();
    JsonNode charts = Json.MAPPER.readTree(data).path("charts");
    JsonNode threads = null;
    for (JsonNode c : charts) {
      if (c.path("id").asText().equals("timeline-threads")) {
        threads = c;
      }
    }
    assertNotNull(threads, "a threads-over-time chart");
    JsonNode points = threads.path("series").get(0).path("data");
    assertEquals(2, points.size(), "the line cut short by a killed run is skipped: " + points);
    assertEquals(205, points.get(1).path("y").asInt());
  }

  /** E2's question in one line: an ORM stack beside the raw stack beneath it at the same load point. */
  @Test
  void ormCostOverItsRawStackIsStated() throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    var tree = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    var runs = (ArrayNode) tree.get("runs");
    var orm = runs.get(0).deepCopy();
    ((ObjectNode) orm).put("stack", "hibernate-orm");
    var process = (ObjectNode) orm.get("process");
    process.put("cpu_user_s", process.get("cpu_user_s").asDouble() * 3);
    runs.add(orm);
    Json.MAPPER.writeValue(dir.resolve("race.json").toFile(), tree);
    Document doc = Jsoup.parse(HtmlReport.write(dir).toFile());
    String text = doc.select("#summary p.small").text();
    assertTrue(text.contains("hibernate-orm costs") && text.contains("over jdbc-platform"), text);
    assertFalse(text.contains("hibernate-reactive"), "no sentence for an ORM that did not run: " + text);
  }

  /**
   * E4's data sources as timed at the start (environment.data_sources) are in the environment section,
   * every string escaped: a hostile query text stays text, and the MongoDB URL's password is not shown.
   */
  @Test
  void dataSourcesAreInTheEnvironmentEscaped() throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    var tree = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    var env = (ObjectNode) tree.get("environment");
    env.put("database_cpus", "0");
    env.set("data_sources", Json.MAPPER.readTree("""
        {"slow_source": "query", "slow_query": "SELECT count(*) FROM slow_world WHERE x < 3 -- </dd><script>alert(1)</script>",
         "slow_latency_ms": {"samples": 5, "median": 61.25, "min": 58.5, "max": 70.0},
         "mongo_url": "mongodb://dbrace:s3cret@127.0.0.1:27018/dbrace", "mongo_server": "FerretDB v1.24.2 (SQLite), embedded",
         "mongo_documents": 1000000, "mongo_query": "notifications.find({user: <img src=x onerror=alert(2)>})",
         "mongo_latency_ms": {"samples": 5, "median": 120.5, "min": 101.0, "max": 150.25},
         "mongo_load_seconds": 42.5, "mongo_load_cached": true, "fortune_variants": ["quarkus-<b>x</b>"]}
        """));
    Json.MAPPER.writeValue(dir.resolve("race.json").toFile(), tree);
    Pages page = Pages.read(HtmlReport.write(dir));
    Element environment = page.doc().select("h3:containsOwn(Environment) + dl.kv").first();
    assertNotNull(environment, "the environment section");
    Map<String, String> items = new LinkedHashMap<>();
    for (Element dt : environment.select("dt")) {
      items.put(dt.text(), dt.nextElementSibling().text());
    }
    assertEquals("query: SELECT count(*) FROM slow_world WHERE x < 3 -- </dd><script>alert(1)</script>; alone at the start: "
        + "median 61.3 ms (58.5-70.0, 5 samples)", items.get("slow source"), items.toString());
    assertEquals("FerretDB v1.24.2 (SQLite), embedded at mongodb://dbrace:***@127.0.0.1:27018/dbrace, 1,000,000 documents; "
        + "loaded before in 42.5 s, reused", items.get("MongoDB"));
    assertEquals("notifications.find({user: <img src=x onerror=alert(2)>}); alone at the start: median 120.5 ms (101.0-150.3, "
        + "5 samples)", items.get("MongoDB query"));
    assertTrue(items.get("fortune instead of MongoDB").startsWith("quarkus-<b>x</b> (no MongoDB client"), items.toString());
    assertTrue(items.get("database cores").startsWith("0 "), items.toString());
    assertTrue(page.doc().select("dl.kv script, dl.kv img, dl.kv b").isEmpty(), "a data source's text became markup");
    assertFalse(page.html().contains("s3cret"), "the MongoDB password is in the report");
  }

  @Test
  void warmupIntervalsAreLeftOutOfTheDistributions() throws Exception {
    Pages page = render("plain");
    for (JsonNode series : page.chart("percentiles-1").get("series")) {
      double max = 0;
      for (JsonNode point : series.get("data")) {
        max = Math.max(max, point.get("y").asDouble());
      }
      assertTrue(max > 0 && max < FixtureResults.WARMUP_LATENCY_MS, series.get("label") + " max " + max);
    }
  }

  @Test
  void capacitySearchShowsVerdictsCurvesAndTheSla() throws Exception {
    Pages page = render("capacity");
    List<String> sentences = page.doc().select("#capacity ul.sentences li").eachText();
    assertEquals(List.of("vertx holds p99 <= 10 ms up to 1.9x the rate jdbc-platform does (13,600 vs 7,200 ops/s)."), sentences);
    assertEquals(List.of("jdbc-platform", "vertx"), page.doc().select("#capacity tbody td:first-child").eachText());
    JsonNode capacity = page.chart("capacity");
    assertEquals(13600.0, capacity.get("series").get(0).get("data").get(1).asDouble());

    assertEquals(List.of("jdbc-platform p99", "jdbc-platform p50", "vertx p99", "vertx p50", "SLA: p99 ≤ 10 ms"),
        page.seriesLabels("latency-vs-rate"));
    JsonNode latency = page.chart("latency-vs-rate");
    assertEquals("log", latency.at("/y/scale").asText());
    JsonNode sla = latency.get("series").get(4).get("data");
    assertEquals(List.of(10.0, 10.0), List.of(sla.get(0).get("y").asDouble(), sla.get(1).get("y").asDouble()));
    assertEquals(4500.0, sla.get(0).get("x").asDouble(), "the SLA line starts at the lowest offered rate");
    assertEquals(14400.0, sla.get(1).get("x").asDouble(), "and ends at the highest");
    JsonNode jdbcP99 = latency.get("series").get(0).get("data");
    assertEquals(5, jdbcP99.size(), "the closed-loop probe is not a point of the open-loop curve");
    for (int i = 1; i < jdbcP99.size(); i++) {
      assertTrue(jdbcP99.get(i).get("x").asDouble() > jdbcP99.get(i - 1).get("x").asDouble(), "points sorted by rate");
    }
    assertTrue(page.chartIds().containsAll(List.of("throughput-vs-rate", "errors-vs-rate", "thread-states", "resource-cpu-vs-rate")));
    assertEquals(List.of("running", "blocked", "waiting", "parked", "sleeping", "socket io"), page.seriesLabels("thread-states"));
    // the probe's load point is shared; each stack's own rates make one chart per stack, a line per rate
    List<String> distributions = page.doc().select("#distributions .chart-title").eachText();
    assertEquals(List.of("Latency by percentile · closed c=64 10.0s", "Latency by percentile · jdbc-platform at each load",
        "Latency by percentile · vertx at each load"), distributions);
    assertEquals(List.of("4,500/s", "6,300/s", "7,200/s", "7,650/s", "8,100/s"), page.seriesLabels("percentiles-2"));

    // no load point of the search is shared, so the summary groups by stack and shows the load per row
    assertEquals(List.of("jdbc-platform", "vertx"), page.doc().select("#summary tr.group").eachText());
    Element probe = page.doc().select("#summary tbody tr:not(.group)").first();
    assertEquals(List.of("jdbc-platform probe", "closed c=64", "9,013", "0.56x"), probe.children().eachText().subList(0, 4));
    Element step = page.doc().select("#summary tbody tr:not(.group)").get(1);
    assertEquals("-", step.child(3).text(), "no ratio to best where no other stack ran at that rate");
    assertTrue(page.doc().select("header").text().contains("p99 <= 10 ms, errors < 0.1 %"));
  }

  @Test
  void closedLoopCurveShowsThroughputAgainstConcurrency() throws Exception {
    Pages page = render("curve");
    assertEquals(List.of("closed c=1 10.0s", "closed c=4 10.0s", "closed c=16 10.0s", "closed c=64 10.0s"),
        page.doc().select("#summary tr.group th").stream().map(th -> th.ownText()).toList());
    assertEquals(List.of("jdbc-platform", "vertx"), page.seriesLabels("throughput-vs-concurrency"));
    JsonNode throughput = page.chart("throughput-vs-concurrency");
    assertEquals("log", throughput.at("/x/scale").asText(), "concurrencies 1..64 spread on a log axis");
    List<Double> xs = new ArrayList<>();
    throughput.at("/series/0/data").forEach(p -> xs.add(p.get("x").asDouble()));
    assertEquals(List.of(1.0, 4.0, 16.0, 64.0), xs);
    assertNotNull(page.chart("p99-vs-concurrency"));
    assertNull(page.chart("latency-vs-rate"), "no open-loop runs, no latency-vs-rate curve");
    JsonNode cpu = page.chart("resource-cpu");
    assertEquals(4, cpu.get("labels").size(), "one bar group per load point");
    assertEquals(List.of("jdbc-platform user", "jdbc-platform sys", "vertx user", "vertx sys"), page.seriesLabels("resource-cpu"));
    assertTrue(cpu.get("stacked").asBoolean());
    assertEquals(4, page.doc().select("#distributions .chart-title").size(), "one distribution chart per load point");
    assertTrue(page.doc().select(".tiles").isEmpty(), "headline tiles only for a single load point");
  }

  @Test
  void hostileTextAppearsOnlyEscaped() throws Exception {
    Pages page = render("hostile");
    assertFalse(page.html().contains("<script>alert("), "markup from results reached the page unescaped");
    assertFalse(page.html().contains("<img src=x"));
    assertFalse(page.html().contains("<b>driver</b>"));
    assertFalse(page.html().contains("&\"<"), "the stack name &\"< went in raw");
    assertTrue(page.html().contains("&amp;&quot;&lt;"), "the stack name is not shown escaped");
    assertTrue(page.html().contains("worker exited with code 1: &lt;script&gt;alert(1)&lt;/script&gt;"));
    assertEquals(4, page.doc().select("script").size(), "only the page's own scripts: error hook, data, Chart.js, report");

    Element crashed = page.doc().select("#summary tr.failed").first();
    assertNotNull(crashed);
    assertTrue(crashed.text().startsWith("&\"< crashed"), crashed.text());
    assertTrue(crashed.select("td.msg").text().contains("<script>alert(1)</script>"), "the message is shown, as text");
    assertTrue(crashed.select("details pre").text().contains("IllegalStateException: <script>alert(1)</script>"));
    assertTrue(page.doc().select("#errors td.sample").text().contains("<img src=x onerror=alert(2)>"));
    assertTrue(page.doc().select("#errors").text().contains("latency of the failed operations - p50 1.50 ms, p99 30.3 ms, max 41.0 ms"),
        page.doc().select("#errors").text());
    assertTrue(page.doc().select("header pre.sql").text().contains("</script><script>alert(1)</script>"));
    assertTrue(page.doc().select("header").text().contains("\"><script>alert(3)</script>"));
    assertFalse(page.html().contains("<script>alert(4)"), "the verdict went in raw");
    assertEquals("Verdict: &\"< led every round: 1.15x jdbc-platform <script>alert(4)</script>",
        page.doc().select("header p.verdict").text(), "the verdict is shown at the top, as text");
    assertFalse(page.html().contains("<script>alert(5)") || page.html().contains("<script>alert(6)") || page.html().contains("ops/s <b>"),
        "a judged figure's names went in raw");
    String judged = page.doc().select("header table.judgements tbody").text();
    assertTrue(judged.contains("ops/s <b>") && judged.contains("1.15x <script>alert(5)</script>")
        && judged.contains("<i>x</i>: <script>alert(6)</script>") && judged.contains("not tested (2 rounds)"), judged);

    assertFalse(page.html().contains("s3cret"), "a password from a URL reached the page");
    assertTrue(page.doc().select("header").text().contains("postgresql://bob:***@db.example:5432/bench"));
    assertEquals("&\"<", page.data().at("/race/runs/1/stack").asText(), "the blob keeps the text exactly");
    assertEquals("worker exited with code 1: <script>alert(1)</script>", page.data().at("/race/runs/1/message").asText());
    assertEquals("postgresql://bob:***@db.example:5432/bench", page.data().at("/race/environment/database").asText());
  }

  /** A run that agents shared: a row for the merge and one per agent, every agent's text escaped. */
  @Test
  void agentsPartsAreATableBesideTheMerge() throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    var race = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    var run = (ObjectNode) race.get("runs").get(0);
    run.put("status", "degraded");
    run.put("message", "agent b (<img src=x onerror=alert(7)>, part 2 of 2): crashed, left the cluster during the run");
    run.set("agents", Json.MAPPER.readTree("""
        [{"agent": "a", "host": "vm/10.231.7.2", "index": 0, "of": 2, "status": "ok",
          "result": {"ops": 3000, "throughput_ops_s": 1000.0, "latency_ms": {"p50": 1.25, "p99": 4.5}},
          "process": {"cpu_ms_per_1k_ops": 61.5}, "start_skew_ms": 2.25, "hlog": "runs/x/agents/1-10.231.7.2/latency.hlog"},
         {"agent": "b", "host": "<img src=x onerror=alert(8)>", "index": 1, "of": 2, "status": "crashed",
          "message": "left the cluster during the run"}]
        """));
    Json.MAPPER.writeValue(dir.resolve("race.json").toFile(), race);
    Pages page = Pages.read(HtmlReport.write(dir));
    Element table = page.doc().select("#agents table").first();
    assertNotNull(table, "the agents section");
    var rows = table.select("tbody tr");
    assertEquals(3, rows.size(), "the merge and each agent");
    assertTrue(rows.get(0).text().contains("all 2 (merged)"), rows.get(0).text());
    assertTrue(rows.get(1).text().contains("vm/10.231.7.2 1 of 2 ok 1,000"), rows.get(1).text());
    assertTrue(rows.get(2).text().contains("<img src=x onerror=alert(8)> 2 of 2 crashed"), rows.get(2).text());
    assertTrue(page.doc().select("#agents img").isEmpty(), "an agent's text became markup");
  }

  /** A scale curve: the same load per agent on 1 then 2 agents, drawn against the number of agents. */
  @Test
  void aScaleCurveIsDrawnAgainstTheNumberOfAgents() throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    var race = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    var runs = (com.fasterxml.jackson.databind.node.ArrayNode) race.get("runs");
    var one = (ObjectNode) runs.get(0);
    var two = one.deepCopy();
    runs.removeAll();
    runs.add(one);
    runs.add(two);
    String part = """
        {"agent": "%s", "host": "vm/10.231.7.%d", "index": %d, "of": %d, "status": "ok",
         "result": {"ops": 3000, "throughput_ops_s": 1000.0, "latency_ms": {"p50": 1.25, "p99": 4.5}}}""";
    one.set("agents", Json.MAPPER.readTree("[" + part.formatted("a", 2, 0, 1) + "]"));
    two.set("agents", Json.MAPPER.readTree("[" + part.formatted("a", 2, 0, 2) + "," + part.formatted("b", 3, 1, 2) + "]"));
    one.set("server_cpu", Json.MAPPER.readTree("{\"cpu_user_s\": 1.0, \"cpu_sys_s\": 0.5, \"cpu_ms_per_1k_ops\": 40.0}"));
    two.set("server_cpu", Json.MAPPER.readTree("{\"cpu_user_s\": 2.5, \"cpu_sys_s\": 1.0, \"cpu_ms_per_1k_ops\": 55.0}"));
    ((ObjectNode) race.get("settings")).put("sweep", "agents");
    Json.MAPPER.writeValue(dir.resolve("race.json").toFile(), race);
    Pages page = Pages.read(HtmlReport.write(dir));
    Element sweep = page.doc().select("#sweep").first();
    assertNotNull(sweep, "the section over the swept setting");
    assertTrue(sweep.text().contains("Figures vs agents"), sweep.text());
    assertTrue(sweep.text().contains("on more and more agents"), sweep.text());
    assertNotNull(page.doc().getElementById("chart-throughput-vs-agents"), "throughput against the agents");
    assertNotNull(page.doc().getElementById("chart-server-cpu-vs-agents"), "the server's CPU against the agents");
  }

  @Test
  void spikesAreATableAndPerSecondChartsWithTheWindowShaded() throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    var race = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    var run = (ObjectNode) race.get("runs").get(0);
    var seconds = new StringBuilder();
    for (int k = 0; k < 8; k++) {
      seconds.append(k == 0 ? "" : ",").append(String.format(Locale.ROOT,
          "{\"start_s\":%d.1,\"end_s\":%d.1,\"p99_ms\":%s,\"ok\":%d,\"errors\":0,\"not_issued\":%d}",
          k - 1, k, k == 3 || k == 4 ? "120.5" : "2.0", k == 3 || k == 4 ? 800 : 200, k == 4 ? 7 : 0));
    }
    run.set("spikes", Json.MAPPER.readTree("{\"pre_spike_p99_ms\":2.0,\"recovered_below_ms\":3.0,\"windows\":[{\"spike\":"
        + "\"800@3s+1s\",\"start_s\":3.0,\"end_s\":4.0,\"peak_p99_ms\":120.5,\"recovery_s\":1.1,\"errors_during\":0,"
        + "\"not_issued_during\":7,\"errors_after\":0,\"not_issued_after\":0}],\"seconds\":[" + seconds
        + "],\"note\":\"<script>alert(5)</script>\"}"));
    Json.MAPPER.writeValue(dir.resolve("race.json").toFile(), race);
    Pages page = Pages.read(HtmlReport.write(dir));

    Element section = page.doc().getElementById("spikes");
    assertNotNull(section, "a Load spikes section");
    String row = section.select("tbody tr").first().text();
    assertTrue(row.contains("800@3s+1s") && row.contains(" 121 ") && row.contains("1.1 s") && row.contains("7 not issued"), row);
    assertFalse(page.html().contains("<script>alert(5)"), "the note went in raw");
    assertTrue(section.select("ul.notes").text().contains("<script>alert(5)</script>"), "the note is shown, as text");
    List<String> spikeCharts = page.chartIds().stream().filter(id -> id.startsWith("spikes-")).toList();
    assertEquals(2, spikeCharts.size(), "the run's p99 per second and the completions per second: " + spikeCharts);
    assertTrue(page.data().get("charts").toString().contains("\"fill\":true"), "the window is a shaded band");
  }

  @Test
  void aLogOutsideTheFolderIsNotRead() throws Exception {
    Pages page = render("hostile");
    assertTrue(page.doc().select("#distributions ul.notes").text().contains("vertx at closed c=64 10.0s: no latency log recorded"));
    assertEquals(List.of("jdbc-platform"), page.seriesLabels("percentiles-1"));
  }

  @Test
  void aRaceWithoutRunsStillRenders() throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    var race = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    race.putArray("runs");
    race.remove(List.of("environment", "settings", "workload", "kind"));
    Json.MAPPER.writeValue(dir.resolve("race.json").toFile(), race);
    Pages page = Pages.read(HtmlReport.write(dir));
    assertEquals("0", page.doc().body().attr("data-charts-expected"));
    assertTrue(page.doc().select("#summary").text().contains("No run recorded yet."));
    assertTrue(page.doc().select("header").text().contains("dbrace race"), "a file without a kind is a plain race");
  }

  @Test
  void badFoldersAreOneClearLine() throws Exception {
    assertMessage(tmp.resolve("nope"), "no such folder");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertMessage(empty, "has no race.json (is it a dbrace results folder?)");
    Path broken = Files.createDirectories(tmp.resolve("broken"));
    Files.writeString(broken.resolve("race.json"), "{\"id\": \"x\", \"runs\": [ {\"stack\": ");
    assertMessage(broken, "is not a dbrace race.json");
    Path notRace = Files.createDirectories(tmp.resolve("not-race"));
    Files.writeString(notRace.resolve("race.json"), "[1, 2]");
    assertMessage(notRace, "is not a dbrace race.json");
  }

  private static void assertMessage(Path dir, String expected) {
    var e = Assertions.assertThrows(ReportInputException.class, () -> HtmlReport.write(dir));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "more than one line: " + e.getMessage());
    assertFalse(Files.exists(dir.resolve("report.html")));
  }
}
