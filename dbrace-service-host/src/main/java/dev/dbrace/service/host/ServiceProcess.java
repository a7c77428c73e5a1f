package dev.dbrace.service.host;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.SslMode;
import dev.dbrace.db.DbTarget;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * also stopped when the JVM that started it exits (Ctrl-C included), so none outlives the race or
 * the test. Not thread-safe; one owner.
 */
public final class ServiceProcess implements AutoCloseable {
  /** How long a service may take to answer /health (the contract's limit). */
  public static final Duration READY_LIMIT = Duration.ofSeconds(60);
  /** How long a service has to exit after SIGTERM before it is killed (the contract's). */
  public static final Duration STOP_GRACE = Duration.ofSeconds(10);
  /** How long a starting service may listen only elsewhere than it was told before that is its failure. */
  static final Duration ELSEWHERE_LIMIT = Duration.ofSeconds(3);
  /** Where a service listens unless told otherwise. */
  public static final String LOOPBACK = "127.0.0.1";
  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ServiceProcess::stop), "dbrace-stop-services"));
  }

  /**
   * The database and the settings a service gets; the password only ever goes into the environment.
   * {@code database} is the database's name, or on Firebird its file path (or alias); {@code sslMode} and
   * {@code sslRootCert} are the race's TLS settings on PostgreSQL (null elsewhere). {@code httpHost} is the address the
   * service listens on: 127.0.0.1 unless load comes from other hosts (agents, docs/scale-out.md).
   */
  public record Environment(String dbHost, int dbPort, String database, String user, String password, int pool,
      String remoteUrl, Engine engine, SslMode sslMode, String sslRootCert, String slowSource, String mongoUrl,
      String httpHost) {
    public Environment {
      engine = engine == null ? Engine.POSTGRESQL : engine;
      sslMode = engine == Engine.POSTGRESQL && sslMode == null ? SslMode.DEFAULT : sslMode;
      httpHost = httpHost == null ? LOOPBACK : httpHost;
    }

    /** Without E4's settings: the services' defaults (the slow query; no MongoDB). */
    public Environment(String dbHost, int dbPort, String database, String user, String password, int pool,
        String remoteUrl, Engine engine, SslMode sslMode, String sslRootCert) {
      this(dbHost, dbPort, database, user, password, pool, remoteUrl, engine, sslMode, sslRootCert, null, null, null);
    }

    /**
     * The same with E4's data sources: {@code slowSource} {@code query} or {@code sleep} (null: the
     * service's default, query), {@code mongoUrl} the MongoDB to read (null: none; the URL may hold a
     * password, and goes into the environment only).
     */
    public Environment withDataSources(String slow, String mongo) {
      return new Environment(dbHost, dbPort, database, user, password, pool, remoteUrl, engine, sslMode, sslRootCert, slow,
          mongo, httpHost);
    }

    /** The same, the service listening on {@code host} (an address of this machine). */
    public Environment withHttpHost(String host) {
      return new Environment(dbHost, dbPort, database, user, password, pool, remoteUrl, engine, sslMode, sslRootCert,
          slowSource, mongoUrl, host);
    }

    /** Where {@code target} is, with its TLS settings. */
    public static Environment of(DbTarget target, int pool, String remoteUrl) {
      return new Environment(target.host(), target.port(), target.database(), target.user(), target.password(), pool,
          remoteUrl, target.engine(), target.sslMode(), target.sslRootCert());
    }

    /** On PostgreSQL. */
    public Environment(String dbHost, int dbPort, String database, String user, String password, int pool,
        String remoteUrl) {
      this(dbHost, dbPort, database, user, password, pool, remoteUrl, Engine.POSTGRESQL, null, null);
    }
  }

  /** The service exited, or did not answer /health in time; {@link #tail()} is the end of its output. */
  public static final class NotReady extends IOException {
    private final List<String> tail;

    NotReady(String message, List<String> tail) {
      super(message);
      this.tail = List.copyOf(tail);
    }

    /** The last lines of the service's output, its password redacted. */
    public List<String> tail() {
      return tail;
    }
  }

  private final Process process;
  private final Path log;
  private final String host;
  private final int port;
  /** The path that answers 200 once the service is ready. */
  private final String health;
  private final String name;
  private final String password;

  private ServiceProcess(String name, Process process, Path log, String host, int port, String health, String password) {
    this.host = host;
    this.health = health;
    this.name = name;
    this.process = process;
    this.log = log;
    this.port = port;
    this.password = password;
  }

  /**
   * Starts {@code v} on a free port of its environment's HTTP host (127.0.0.1 by default), writing its command line to
   * {@code service.command} and its output to {@code service.log} in {@code runDir}. A Node variant's packages must be
   * installed already.
   *
   * @throws IllegalStateException when the variant is not built ({@link ServiceVariant#notBuilt()})
   */
  public static ServiceProcess start(ServiceVariant v, Path java, List<String> jvmArgs, Environment env,
      String applicationName, Path runDir) throws IOException {
    String notBuilt = v.notBuilt();
    if (notBuilt != null) {
      throw new IllegalStateException(notBuilt);
    }
    List<String> cmd = new ArrayList<>();
    if (v.isNode()) {
      cmd.addAll(List.of("node", v.main()));
    } else {
      cmd.add(java.toString());
      cmd.addAll(jvmArgs);
      if (v.isJar()) {
        cmd.addAll(List.of("-jar", v.module().resolve(v.main()).toString()));
      } else {
        String cp = v.classpath().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        cmd.addAll(List.of("-cp", cp, v.main()));
      }
    }
    cmd.addAll(v.args());
    int port = freePort(env.httpHost());
    Map<String, String> e = new LinkedHashMap<>();
    e.put("DBRACE_HTTP_HOST", env.httpHost());
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
    if (env.slowSource() != null) {
      e.put("DBRACE_SLOW_SOURCE", env.slowSource());
    }
    if (env.mongoUrl() != null) {
      e.put("DBRACE_MONGO_URL", env.mongoUrl());
    }
    if (env.sslMode() != null) {
      e.put("DBRACE_DB_SSLMODE", env.sslMode().libpq());
    }
    if (env.sslRootCert() != null) {
      e.put("DBRACE_DB_SSLROOTCERT", env.sslRootCert());
    }
    return start(v.name(), new Launch(cmd, v.module(), e, env.httpHost(), port, "/health"), env.password(), runDir);
  }

  /**
   * What starts a service: its command line, working folder and environment (added to this process's), where it was
   * told to listen, and the path that answers 200 once it is ready.
   */
  public record Launch(List<String> command, Path dir, Map<String, String> env, String host, int port, String health) {
    public Launch {
      command = List.copyOf(command);
      env = Map.copyOf(env);
    }
  }

  /**
   * Starts {@code launch}, writing its command line to {@code service.command} and its output to {@code service.log} in
   * {@code runDir}; {@code password}, the one secret its environment holds, is redacted from what dbrace shows of its
   * output.
   */
  public static ServiceProcess start(String name, Launch launch, String password, Path runDir) throws IOException {
    Files.createDirectories(runDir);
    Path log = runDir.resolve("service.log");
    Files.writeString(runDir.resolve("service.command"), String.join(" ", launch.command()) + "\n");
    ProcessBuilder pb = new ProcessBuilder(launch.command()).directory(launch.dir().toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
    pb.environment().putAll(launch.env());
    Process p = pb.start();
    LIVE.add(p);
    return new ServiceProcess(name, p, log, launch.host(), launch.port(), launch.health(), password);
  }

  public long pid() {
    return process.pid();
  }

  /** The process itself, e.g. to wait for a service that should exit on its own. */
  public Process process() {
    return process;
  }

  /** The port it was told to listen on, on its HTTP host. */
  public int port() {
    return port;
  }

  /** Its base URL, {@code http://<host>:<port>} (an IPv6 host in brackets). */
  public String url() {
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  public URI uri(String pathAndQuery) {
    return URI.create(url() + pathAndQuery);
  }

  /**
   * Whether the service wrote its database password into its output; if it did, the log is rewritten with the password
   * redacted, so what dbrace keeps never holds it. Call once the service stopped writing (after {@link #stop}).
   */
  public boolean leakedPassword() {
    if (password == null || password.isEmpty()) {
      return false;
    }
    // bytes as Latin-1 chars: any output reads and writes back unchanged, and the UTF-8 password is found as its bytes
    String secret = new String(password.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    try {
      String text = Files.readString(log, StandardCharsets.ISO_8859_1);
      if (!text.contains(secret)) {
        return false;
      }
      Files.writeString(log, text.replace(secret, "***"), StandardCharsets.ISO_8859_1);
      return true;
    } catch (IOException e) {
      return false; // an unreadable log: nothing shown from it either
    }
  }

  /** {@code service.log}: its stdout and stderr together. */
  public Path log() {
    return log;
  }

  /**
   * Waits for its health path ({@code /health} for dbrace's variants) to answer 200.
   *
   * @throws NotReady when the service exits or stays silent for {@code limit}, with its output's last lines
   */
  public void awaitReady(Duration limit) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    HttpRequest ready = HttpRequest.newBuilder(uri(health)).timeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + limit.toNanos();
    long listeningElsewhereSince = 0;
    try (client) {
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new NotReady(name + " exited with code " + process.exitValue() + " before it was ready", tail(20));
        }
        try {
          if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
            return;
          }
        } catch (IOException notYet) {
          // not listening yet, or not here: a service listening only on other ports for a while is told at once
          List<String> listening = ListeningSockets.of(process.toHandle());
          boolean ours = listening.stream().anyMatch(a -> a.endsWith(":" + port));
          long now = System.nanoTime();
          listeningElsewhereSince = listening.isEmpty() || ours ? 0 : listeningElsewhereSince == 0 ? now
              : listeningElsewhereSince;
          if (listeningElsewhereSince != 0 && now - listeningElsewhereSince > ELSEWHERE_LIMIT.toNanos()) {
            throw new NotReady(name + " listens on " + String.join(", ", listening) + ", not on " + host + ":" + port
                + " as it was told (DBRACE_HTTP_HOST and DBRACE_HTTP_PORT; ${http.host} and ${http.port} in a service "
                + "file)", tail(20));
          }
        }
        Thread.sleep(100);
      }
    }
    throw new NotReady(name + " did not answer " + health + " within " + limit.toSeconds() + " s", tail(20));
  }

  /**
   * The last lines of the service's output, the password it was given redacted (the one secret it
   * holds: a driver's error may quote its connection settings).
   */
  public List<String> tail(int lines) {
    try {
      List<String> all = Files.readAllLines(log);
      return all.subList(Math.max(0, all.size() - lines), all.size()).stream().map(this::redact).toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private String redact(String line) {
    return password == null || password.isEmpty() ? line : line.replace(password, "***");
  }

  /**
   * SIGTERM to the service (and its children), SIGKILL after {@link #STOP_GRACE}.
   *
   * @return true if it exited within the grace, as the contract asks
   */
  public boolean stop() {
    boolean exited = stop(process);
    LIVE.remove(process);
    return exited;
  }

  @Override
  public void close() {
    stop();
  }

  private static boolean stop(Process p) {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    try {
      if (p.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        return true;
      }
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** A port free on 127.0.0.1 right now (another process may still take it before the service). */
  public static int freePort() throws IOException {
    return freePort(LOOPBACK);
  }

  /** A port free on {@code host} (an address of this machine) right now. */
  public static int freePort(String host) throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return s.getLocalPort();
    }
  }
}
