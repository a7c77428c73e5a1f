package dev.dbrace.cli;

import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.service.NodeModules;
import dev.dbrace.runner.service.ServiceCatalog;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One service variant's process, started with the contract's environment (the password there,
 * never on its command line), its output in {@code service.log} of the run's folder, ready when
 * {@code /health} answers 200, stopped with SIGTERM and, 10 s later, SIGKILL. Every live service is
 * also stopped when dbrace exits (Ctrl-C included), so none outlives the race.
 */
public final class ServiceProcess implements AutoCloseable {
  public static final Duration READY_LIMIT = Duration.ofSeconds(60);
  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ServiceProcess::stop), "dbrace-stop-services"));
  }

  /**
   * The database and the settings a service gets; the password only ever goes into the environment.
   * {@code database} is the database's name, or on Firebird its file path (or alias); {@code sslMode} and
   * {@code sslRootCert} are the race's TLS settings on PostgreSQL (null elsewhere).
   */
  public record Environment(String dbHost, int dbPort, String database, String user, String password, int pool,
      String remoteUrl, dev.dbrace.core.spi.Engine engine, dev.dbrace.core.spi.SslMode sslMode, String sslRootCert) {
    public Environment {
      engine = engine == null ? dev.dbrace.core.spi.Engine.POSTGRESQL : engine;
      sslMode = engine == dev.dbrace.core.spi.Engine.POSTGRESQL && sslMode == null ? dev.dbrace.core.spi.SslMode.DEFAULT
          : sslMode;
    }

    /** Where {@code target} is, with its TLS settings. */
    public static Environment of(dev.dbrace.db.DbTarget target, int pool, String remoteUrl) {
      return new Environment(target.host(), target.port(), target.database(), target.user(), target.password(), pool,
          remoteUrl, target.engine(), target.sslMode(), target.sslRootCert());
    }

    /** On PostgreSQL. */
    Environment(String dbHost, int dbPort, String database, String user, String password, int pool, String remoteUrl) {
      this(dbHost, dbPort, database, user, password, pool, remoteUrl, dev.dbrace.core.spi.Engine.POSTGRESQL, null, null);
    }
  }

  private final Process process;
  private final Path log;
  private final int port;
  private final String name;

  private ServiceProcess(String name, Process process, Path log, int port) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.port = port;
  }

  public static ServiceProcess start(ServiceCatalog.Variant v, Path java, List<String> jvmArgs, Environment env,
      String applicationName, Path runDir) throws IOException {
    List<String> cmd = new ArrayList<>();
    if (v.runtime().equals("node")) {
      try {
        NodeModules.ensure(v.name(), v.module(), runDir.resolve("npm-ci.log"));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while installing " + v.name() + "'s packages", e);
      }
      cmd.addAll(List.of("node", v.main()));
    } else if (v.isJar()) {
      Path jar = v.module().resolve(v.main());
      if (!Files.isRegularFile(jar)) {
        throw new UserError("service " + v.name() + " is not built: no " + jar + " (run ./dbrace build)");
      }
      cmd.add(java.toString());
      cmd.addAll(jvmArgs);
      cmd.addAll(List.of("-jar", jar.toString()));
    } else {
      List<Path> cp = v.classpath();
      if (cp.isEmpty()) {
        throw new UserError("service " + v.name() + " is not built (run ./dbrace build)");
      }
      cmd.add(java.toString());
      cmd.addAll(jvmArgs);
      cmd.addAll(List.of("-cp", cp.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)), v.main()));
    }
    cmd.addAll(v.args());
    int port = freePort();
    Path log = runDir.resolve("service.log");
    Files.writeString(runDir.resolve("service.command"), String.join(" ", cmd) + "\n");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(v.module().toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
    Map<String, String> e = pb.environment();
    e.put("DBRACE_HTTP_HOST", "127.0.0.1");
    e.put("DBRACE_HTTP_PORT", Integer.toString(port));
    e.put("DBRACE_DB_ENGINE", env.engine().id());
    e.put("DBRACE_DB_HOST", env.dbHost());
    e.put("DBRACE_DB_PORT", Integer.toString(env.dbPort()));
    e.put("DBRACE_DB_NAME", env.database());
    e.put("DBRACE_DB_USER", env.user());
    e.put("DBRACE_DB_PASSWORD", env.password() == null ? "" : env.password());
    e.put("DBRACE_POOL", Integer.toString(env.pool()));
    e.put("DBRACE_REMOTE_URL", env.remoteUrl());
    e.put("DBRACE_APPLICATION_NAME", applicationName);
    if (env.sslMode() != null) {
      e.put("DBRACE_DB_SSLMODE", env.sslMode().libpq());
    }
    if (env.sslRootCert() != null) {
      e.put("DBRACE_DB_SSLROOTCERT", env.sslRootCert());
    }
    Process p = pb.start();
    LIVE.add(p);
    return new ServiceProcess(v.name(), p, log, port);
  }

  public long pid() {
    return process.pid();
  }

  public String url() {
    return "http://127.0.0.1:" + port;
  }

  /** Waits for /health to answer 200; a service that exits or stays silent fails the run with its log's last lines. */
  public void awaitReady(Duration limit) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    HttpRequest health = HttpRequest.newBuilder(URI.create(url() + "/health")).timeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + limit.toNanos();
    try (client) {
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new RaceRunner.SubjectFailed(name + " exited with code " + process.exitValue() + " before it was ready", tail(20));
        }
        try {
          if (client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
            return;
          }
        } catch (IOException notYet) {
          // not listening yet
        }
        Thread.sleep(100);
      }
    }
    throw new RaceRunner.SubjectFailed(name + " did not answer /health within " + limit.toSeconds() + " s", tail(20));
  }

  /** The last lines of the service's output, passwords redacted. */
  List<String> tail(int lines) {
    try {
      List<String> all = Files.readAllLines(log);
      return all.subList(Math.max(0, all.size() - lines), all.size()).stream().map(Secrets::redact).toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  @Override
  public void close() {
    stop(process);
    LIVE.remove(process);
  }

  private static void stop(Process p) {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    try {
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
