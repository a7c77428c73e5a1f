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
import dev.dbrace.runner.fork.WorkerRun;
import dev.dbrace.runner.scenario.ScenarioReader;
import dev.dbrace.runner.scenario.ServiceFile;
import dev.dbrace.service.host.ServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
  /** The process of the service at its url: (--pid), or null: measured from outside only. */
  private final Long pid;

  private UserServices(Map<String, ServiceFile> files, Long pid) {
    this.files = files;
    this.pid = pid;
  }

  /** None: a race of dbrace's variants only. */
  public static UserServices none() {
    return new UserServices(Map.of(), null);
  }

  /** Whether an endpoint checks its answers against the database (rows:), which the load generator then reads. */
  public boolean readsRows() {
    return !files.isEmpty() && files.values().iterator().next().endpoints().stream().anyMatch(e -> e.expect().rows() != null);
  }

  /** The services that run at their url:, which dbrace neither starts nor stops. */
  public List<String> atUrl() {
    return files.values().stream().filter(f -> f.url() != null).map(ServiceFile::name).toList();
  }

  /**
   * What a race of a service at its url: lacks, for the race's notes: dbrace does not start it, so its runs share one
   * process, and without {@code --pid} its process is not measured.
   */
  public List<String> notes() {
    return atUrl().stream().map(n -> n + " runs at " + files.get(n).url() + ": dbrace neither starts nor restarts it, so "
        + "its runs share one process (its rounds are not independent: a warm cache, a leak carry over)"
        + (pid != null ? "; its process " + pid + " is measured as dbrace's own are"
            : ", and its CPU, memory and threads are not measured (they show as -): --pid PID measures its process")).toList();
  }

  /**
   * Whether the service at its url: answers its health path with 200 now; one line saying what it answered otherwise.
   */
  public String notReady(String name) throws InterruptedException {
    ServiceFile f = files.get(name);
    URI uri = URI.create(url(name) + f.health());
    try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
      int status = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode();
      return status == 200 ? null : name + " at " + f.url() + ": " + f.health() + " answered " + status + ", not 200";
    } catch (IOException e) {
      return name + " at " + f.url() + ": " + f.health() + " did not answer (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
    }
  }

  /** The base URL of {@code name}, a service at its url:. */
  public String url(String name) {
    return files.get(name).url().replaceAll("/+$", "");
  }

  /** The process of the service at its url: (--pid), or {@link WorkerRun#OUTSIDE}. */
  public long pid() {
    return pid == null ? WorkerRun.OUTSIDE : pid;
  }

  /**
   * The services of {@code paths}, each read and checked ({@code file:line: field: problem} on the first problem); two of
   * one name, files with endpoints beside files without, or files whose endpoints differ, are refused in one line.
   */
  public static UserServices read(List<Path> paths) {
    return read(paths, null);
  }

  /**
   * The same; {@code pid}, when not null, is the process of the one service that runs at its {@code url:} (measured
   * then as dbrace's own), refused in one line when there is not exactly one such service or no such process.
   */
  public static UserServices read(List<Path> paths, Long pid) {
    Map<String, ServiceFile> files = new LinkedHashMap<>();
    for (Path p : paths) {
      ServiceFile f = ScenarioReader.readService(p);
      UserError.require(files.putIfAbsent(f.name(), f) == null, "two service files name the service '" + f.name() + "'");
    }
    List<ServiceFile> all = List.copyOf(files.values());
    for (ServiceFile f : all) {
      UserError.require(f.endpoints().equals(all.getFirst().endpoints()), "the service files race different endpoints: "
          + all.getFirst().name() + "'s and " + f.name() + "'s differ (a race compares services on the same requests)");
    }
    List<String> atUrl = all.stream().filter(f -> f.url() != null).map(ServiceFile::name).toList();
    if (pid != null) {
      UserError.require(atUrl.size() == 1, "--pid names the process of the one service at url:, and "
          + (atUrl.isEmpty() ? "no service file has url:" : atUrl.size() + " have it: " + String.join(", ", atUrl)));
      UserError.require(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
          "--pid " + pid + ": no such process on this machine");
    }
    return new UserServices(files, pid);
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
    Map<String, ExpectedAnswer.EndpointCheck> byPath = new LinkedHashMap<>();
    files.values().iterator().next().endpoints().forEach(e -> byPath.put(e.path(),
        new ExpectedAnswer.EndpointCheck(e.expect(), e.params())));
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
      ServiceFile.Build b = f.start() == null ? null : f.start().build();
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
    // libpq's word, as dbrace's own variants get it (DBRACE_DB_SSLMODE): every service of a race connects alike
    v.put("db.sslmode", target.sslMode() == null ? "" : target.sslMode().libpq());
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
      out.append("service ").append(f.name()).append(f.description() == null ? "" : " (" + f.description() + ")");
      if (s == null) {
        out.append(": runs at ").append(f.url()).append(" (not started by dbrace); ready when ").append(f.health())
            .append(" answers 200\n");
        continue;
      }
      out.append(": started as `").append(String.join(" ", s.command())).append("` in ").append(s.dir());
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
          .append(x.json().isEmpty() ? "" : ", " + x.json().size() + " JSON check" + (x.json().size() == 1 ? "" : "s"))
          .append(x.rows() == null ? "" : ", the rows of `" + x.rows().sql() + "`");
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
