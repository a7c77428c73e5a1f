package dev.dbrace.runner.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.workload.ExpectedAnswer;
import dev.dbrace.core.workload.OperationSpec;
import dev.dbrace.core.workload.StatementSpec;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.scenario.ScenarioReader;
import dev.dbrace.runner.scenario.ServiceFile;
import dev.dbrace.service.host.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The users' own services a race names with {@code --service FILE} (docs/service-file.md): read and checked up front,
 * built once when their build's output is missing, each started fresh per run with dbrace's settings filled into its
 * command and environment. A race's endpoints are those the files give (every file that gives them the same), raced
 * with the files' checks; files without endpoints serve the contract's and race beside dbrace's own variants.
 */
public final class UserServices {
  /** A build's limit: a first {@code mvn package} may download a framework. */
  static final long BUILD_LIMIT_MINUTES = 15;

  private final Map<String, ServiceFile> files;

  private UserServices(Map<String, ServiceFile> files) {
    this.files = files;
  }

  /** None: a race of dbrace's variants only. */
  public static UserServices none() {
    return new UserServices(Map.of());
  }

  /**
   * The services of {@code paths}, each read and checked ({@code file:line: field: problem} on the first problem); two of
   * one name, files with endpoints beside files without, or files whose endpoints differ, are refused in one line.
   */
  public static UserServices read(List<Path> paths) {
    Map<String, ServiceFile> files = new LinkedHashMap<>();
    for (Path p : paths) {
      ServiceFile f = ScenarioReader.readService(p);
      UserError.require(f.url() == null, p + ": a service at url: is not raced yet (dbrace cannot start a fresh one for "
          + "each run, nor measure its process): give start:");
      UserError.require(files.putIfAbsent(f.name(), f) == null, "two service files name the service '" + f.name() + "'");
    }
    List<ServiceFile> all = List.copyOf(files.values());
    for (ServiceFile f : all) {
      UserError.require(f.endpoints().equals(all.getFirst().endpoints()), "the service files race different endpoints: "
          + all.getFirst().name() + "'s and " + f.name() + "'s differ (a race compares services on the same requests)");
    }
    return new UserServices(files);
  }

  public boolean isEmpty() {
    return files.isEmpty();
  }

  /** The services' names, in the order given. */
  public List<String> names() {
    return List.copyOf(files.keySet());
  }

  public boolean has(String name) {
    return files.containsKey(name);
  }

  /** The race's workload: the files' endpoints, each request verified by their checks. */
  public WorkloadSpec workload() {
    ServiceFile first = files.values().iterator().next();
    List<OperationSpec> mix = new ArrayList<>();
    for (ServiceFile.Endpoint e : first.endpoints()) {
      // one answer, one row: the generator's checks are the file's, applied before the answer counts
      mix.add(new OperationSpec(e.name(), e.weight(), 1, List.of(new StatementSpec(e.path(), e.params(), 1, List.of())),
          false));
    }
    String name = files.size() == 1 ? first.name() + "-endpoints" : "service-file-endpoints";
    return new WorkloadSpec(name, "the endpoints of " + String.join(", ", files.keySet()), mix,
        Map.of("service-files", String.join(",", files.values().stream().map(f -> f.folder().toString()).toList())));
  }

  /** The generator's checks, by request path template, as JSON (its {@code answers} option). */
  public String answers() {
    Map<String, ExpectedAnswer> byPath = new LinkedHashMap<>();
    files.values().iterator().next().endpoints().forEach(e -> byPath.put(e.path(), e.expect()));
    try {
      return Json.MAPPER.writeValueAsString(byPath);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Runs each service's build whose output is missing, in its start folder, its output in dbrace's cache; a build that
   * fails is the user's error in one line naming the log.
   */
  public void build(Consumer<String> say) throws IOException, InterruptedException {
    for (ServiceFile f : files.values()) {
      ServiceFile.Build b = f.start().build();
      if (b == null || Files.exists(b.creates())) {
        continue;
      }
      Path log = Files.createDirectories(Home.cacheDir().resolve("service-builds")).resolve(f.name() + ".log");
      say.accept(f.name() + ": building (" + String.join(" ", b.command()) + ", output in " + log + ") ...");
      Process p;
      try {
        p = new ProcessBuilder(b.command()).directory(f.start().dir().toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile()).start();
      } catch (IOException e) {
        throw new UserError(f.name() + ": cannot run its build " + b.command().getFirst() + ": " + e.getMessage());
      }
      if (!p.waitFor(BUILD_LIMIT_MINUTES, TimeUnit.MINUTES)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new UserError(f.name() + ": its build did not end within " + BUILD_LIMIT_MINUTES + " min; output: " + log);
      }
      UserError.require(p.exitValue() == 0, f.name() + ": its build failed with code " + p.exitValue() + "; output: " + log);
      UserError.require(Files.exists(b.creates()), f.name() + ": its build ended but did not write " + b.creates());
    }
  }

  /**
   * Starts {@code name} on a free port of {@code host}, against {@code target} with a pool of {@code pool} and its
   * connections named {@code applicationName} where it passes that on (dbrace finds the run's backends by it), {@code
   * java} the race's JVM for a command that names {@code ${java}}, and returns
   * once its health path answers 200; one that exits or stays silent fails the run with its output's last lines.
   */
  public ServiceProcess start(String name, DbTarget target, int pool, String host, String applicationName, Path java,
      Path runDir) throws IOException, InterruptedException {
    ServiceFile f = files.get(name);
    String http = host == null ? ServiceProcess.LOOPBACK : host;
    int port = ServiceProcess.freePort(http);
    Map<String, String> values = placeholders(target, pool, http, port, applicationName, java);
    List<String> command = f.start().command().stream().map(a -> ServiceFile.fill(a, values)).toList();
    Map<String, String> env = new LinkedHashMap<>();
    f.start().env().forEach((k, v) -> env.put(k, ServiceFile.fill(v, values)));
    ServiceProcess p;
    try {
      p = ServiceProcess.start(name, new ServiceProcess.Launch(command, f.start().dir(), env, http, port, f.health()),
          target.password(), runDir);
    } catch (IOException e) {
      throw new RaceRunner.SubjectFailed(name + " did not start: " + e.getMessage(), List.of());
    }
    return ServiceCatalog.ready(p);
  }

  /** The values of the placeholders (docs/service-file.md) for one run. */
  static Map<String, String> placeholders(DbTarget target, int pool, String host, int port, String applicationName,
      Path java) {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("db.host", target.host());
    v.put("db.port", Integer.toString(target.port()));
    v.put("db.name", target.database());
    v.put("db.user", target.user());
    v.put("db.password", target.password() == null ? "" : target.password());
    String hostPort = (target.host().contains(":") ? "[" + target.host() + "]" : target.host()) + ":" + target.port();
    v.put("db.url", target.engine().id() + "://" + target.user() + "@" + hostPort + "/" + target.database());
    v.put("db.jdbc-url", "jdbc:" + target.engine().id() + "://" + hostPort + "/" + target.database());
    v.put("db.application-name", applicationName);
    v.put("pool", Integer.toString(pool));
    v.put("http.host", host);
    v.put("http.port", Integer.toString(port));
    v.put("java", java.toString());
    if (!v.keySet().equals(ServiceFile.PLACEHOLDERS)) {
      throw new IllegalStateException("placeholders " + v.keySet() + " are not the documented " + ServiceFile.PLACEHOLDERS);
    }
    return v;
  }

  /** What would run, for {@code validate}: per service how it starts, its environment's keys, its health path; the endpoints. */
  public String describe() {
    StringBuilder out = new StringBuilder();
    for (ServiceFile f : files.values()) {
      ServiceFile.Start s = f.start();
      out.append("service ").append(f.name()).append(f.description() == null ? "" : " (" + f.description() + ")")
          .append(": started as `").append(String.join(" ", s.command())).append("` in ").append(s.dir());
      if (s.build() != null) {
        out.append(", built first by `").append(String.join(" ", s.build().command())).append("` when ")
            .append(s.build().creates()).append(Files.exists(s.build().creates()) ? " is missing (it is there now)"
                : " is missing (it is now: the race builds it first)");
      }
      out.append("; environment: ").append(s.env().isEmpty() ? "dbrace's settings only through the command"
          : String.join(", ", s.env().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()))
          .append("; ready when ").append(f.health()).append(" answers 200\n");
    }
    out.append("endpoints:");
    for (ServiceFile.Endpoint e : files.values().iterator().next().endpoints()) {
      ExpectedAnswer x = e.expect();
      out.append("\n  ").append(e.name()).append(": GET ").append(e.path()).append(", weight ").append(e.weight())
          .append(", expects status ").append(x.status())
          .append(x.contentType() == null ? "" : ", " + x.contentType())
          .append(x.json().isEmpty() ? "" : ", " + x.json().size() + " JSON check" + (x.json().size() == 1 ? "" : "s"));
    }
    return out.toString();
  }

  /** The path of {@code name} that answers 200 once it is ready. */
  public String health(String name) {
    return files.get(name).health();
  }

  /** Names a user's service shares with dbrace's variants: a race could not tell them apart. */
  public List<String> clashes(Set<String> variants) {
    return files.keySet().stream().filter(variants::contains).toList();
  }
}
