package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.service.NodeModules;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.runner.service.tfb.TfbCheck;
import dev.dbrace.runner.service.tfb.TfbRule;
import dev.dbrace.runner.service.tfb.TfbRules;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every service variant that runs on PostgreSQL keeps TechEmpower's verification rules ({@link TfbRules}: headers,
 * the JSON of /db, /queries and /updates with TFB's query cases, the fortunes page, updates written, statements
 * counted on the server): each started once against the one shared embedded database, checked, stopped. Fails
 * listing every broken check of every variant. The Node variants are left out where Node.js or npm is missing.
 *
 * <p>To keep it short, the next variant starts and the last one stops while one is checked: no variant's start or
 * stop touches the world or fortune tables, whose statements the checks count.
 */
public class EveryVariantKeepsTechEmpowersRulesIT {
  @Test
  void everyVariantPassesEveryCheck(@TempDir Path out) throws Exception {
    DbTarget t = TestDb.get().target();
    boolean node = NodeModules.find("node").isPresent() && NodeModules.find("npm").isPresent();
    List<ServiceVariant> variants = ServiceCatalog.discover(Home.dir()).variants().stream()
        .filter(v -> v.engines().contains("postgresql") && (node || !v.isNode())).toList();
    assertTrue(variants.stream().filter(v -> !v.isNode()).count() >= 7, "the Java variants: " + variants);
    var env = new ServiceProcess.Environment(t.host(), t.port(), t.database(), t.user(), t.password(), 8, "http://127.0.0.1:9");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Map<String, List<TfbCheck>> checks = new LinkedHashMap<>();
    try (ExecutorService starts = Executors.newSingleThreadExecutor(); ExecutorService stops = Executors.newCachedThreadPool();
        Connection c = t.connect(); TfbRules rules = new TfbRules(c)) {
      Future<ServiceProcess> next = starts.submit(() -> start(variants.get(0), java, env, out));
      try {
        for (int i = 0; i < variants.size(); i++) {
          ServiceProcess p = next.get();
          ServiceVariant following = i + 1 < variants.size() ? variants.get(i + 1) : null;
          next = following == null ? null : starts.submit(() -> start(following, java, env, out));
          try {
            checks.put(variants.get(i).name(), rules.check(p.url()));
          } finally {
            stops.submit(p::close);
          }
        }
      } finally {
        if (next != null && !next.cancel(true) && next.state() == Future.State.SUCCESS) {
          next.resultNow().close();
        }
      }
    }
    List<String> problems = new ArrayList<>();
    checks.forEach((name, list) -> {
      List<TfbCheck> broken = list.stream().filter(c -> !c.passed()).toList();
      Map<TfbRule, Long> byRule = new TreeMap<>(broken.stream().collect(Collectors.groupingBy(TfbCheck::rule, Collectors.counting())));
      System.out.printf("TFB %-26s %3d passed %3d failed %s%n", name, list.size() - broken.size(), broken.size(),
          byRule.isEmpty() ? "" : byRule);
      broken.forEach(c -> problems.add(name + ": " + c));
    });
    assertTrue(problems.isEmpty(), problems.size() + " broken checks:\n" + String.join("\n", problems));
  }

  private static ServiceProcess start(ServiceVariant v, Path java, ServiceProcess.Environment env, Path out) throws Exception {
    Path runDir = Files.createDirectories(out.resolve(v.name()));
    return ServiceCatalog.startReady(v, java, List.of(), env, "dbrace-tfb-" + v.name(), runDir);
  }
}
