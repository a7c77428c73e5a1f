package dev.dbrace.generators.http;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import io.netty.handler.codec.http.HttpClientCodec;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code http}: the service level's load generator. Its operations are GET requests to a service
 * variant that dbrace started ({@code serve-race} sets {@code url}); each answer is checked against
 * the service contract and turned into rows for the workload's checks. Options: {@code url}
 * (required), {@code connections} (keep-alive connections, default 64), {@code timeoutMs} (a
 * request's limit from when it left to its answer's last byte, default 30000; serve-race's
 * {@code --request-timeout}), {@code eventLoops} (default 1: the generator should leave the cores
 * to the service and the database), {@code transport} ({@code auto}, {@code epoll} or {@code nio}: Netty's).
 */
public final class HttpGeneratorProvider implements StackProvider {
  @Override
  public String name() {
    return "http";
  }

  @Override
  public String description() {
    return "dbrace's HTTP load generator (Netty HTTP/1.1 client, keep-alive): drives a service variant in serve-race";
  }

  /** It speaks HTTP, not SQL: it drives a service on whichever engine the service runs. */
  @Override
  public Set<Engine> engines() {
    return EnumSet.allOf(Engine.class);
  }

  /** The stack of this worker's run (a worker runs one), for the fixed body it saw. */
  private volatile HttpGenerator opened;

  /**
   * The client's version and, after a run of an endpoint that answers the same bytes every time
   * (/relations), that body's size and SHA-256 ({@code body-bytes}, {@code body-sha256}): race.json
   * then shows whether every variant sent the same bytes.
   */
  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new TreeMap<>(
        Map.of("netty-codec-http", LibraryVersion.of("io.netty", "netty-codec-http", HttpClientCodec.class)));
    HttpGenerator s = opened;
    Map<String, String> body = s == null ? null : s.bodyFingerprint();
    if (body != null) {
      v.putAll(body);
    }
    return v;
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    HttpSettings settings = HttpSettings.of(config);
    readExpectedRows(settings, config);
    HttpGenerator s = HttpGenerator.open(settings);
    opened = s;
    return s;
  }

  /**
   * A service file's rows checks read what they expect from the race's database before any request, on one connection
   * of the generator's own (so no query of the checks' runs while the run is measured).
   */
  private static void readExpectedRows(HttpSettings settings, StackConfig config) throws SQLException {
    List<FileAnswers> reading = settings.fileAnswers().values().stream().filter(FileAnswers::readsRows).toList();
    if (reading.isEmpty()) {
      return;
    }
    if (config.engine() != Engine.POSTGRESQL) {
      throw new IllegalArgumentException("a service file's expect.rows runs on PostgreSQL only, not " + config.engine().label());
    }
    Properties p = new Properties();
    p.setProperty("user", config.user());
    if (config.password() != null) {
      p.setProperty("password", config.password());
    }
    p.setProperty("ApplicationName", "dbrace-expected-rows");
    if (config.sslMode() != null) {
      p.setProperty("sslmode", config.sslMode().libpq());
      if (config.sslRootCert() != null) {
        p.setProperty("sslrootcert", config.sslRootCert());
      }
    }
    try (Connection db = DriverManager.getConnection(config.jdbcUrl(), p)) {
      for (FileAnswers a : reading) {
        a.readExpectedRows(db);
      }
    }
  }

}
