package org.example.worlds;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The API the blocking way: the JDK's {@link HttpServer} handing each request to a fixed pool of {@code POOL_SIZE}
 * platform threads, each running its queries with JDBC on a HikariCP connection. One thread per connection: a request
 * holds one connection for its queries, so more threads would only wait in Hikari's queue.
 */
public final class BlockingApp {
  private static final String APP = "worlds-blocking";
  /** Accept queue: a race opens many connections at once; the system default (50) would refuse some. */
  private static final int BACKLOG = 1024;

  private final HikariDataSource db;

  private BlockingApp(HikariDataSource db) {
    this.db = db;
  }

  public static void main(String[] args) {
    Settings s;
    try {
      s = Settings.from(System.getenv());
    } catch (Settings.Invalid e) {
      Settings.fail(APP, e.getMessage());
      return;
    }
    probe(s);
    HikariConfig config = new HikariConfig();
    config.setPoolName(APP);
    config.setJdbcUrl(s.dbUrl());
    config.setUsername(s.dbUser());
    config.setPassword(s.dbPassword());
    config.setMaximumPoolSize(s.poolSize());
    config.setMinimumIdle(s.poolSize()); // a fixed pool: Hikari opens one connection here, the others in the background
    HikariDataSource db;
    try {
      db = new HikariDataSource(config);
    } catch (RuntimeException e) { // the database went away since the probe
      Settings.fail(APP, "cannot start the pool on " + s.dbTarget() + ": " + e.getMessage());
      return;
    }
    AtomicInteger threads = new AtomicInteger();
    ExecutorService workers = Executors.newFixedThreadPool(s.poolSize(), r -> {
      Thread t = new Thread(r, APP + "-" + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(s.httpHost(), s.httpPort()), BACKLOG);
    } catch (IOException e) {
      db.close();
      Settings.fail(APP, "cannot listen on " + s.httpHost() + ":" + s.httpPort() + ": " + e.getMessage());
      return;
    }
    BlockingApp app = new BlockingApp(db);
    server.createContext("/health", ex -> send(ex, 200, "text/plain", "ok"));
    server.createContext("/worlds", app::worlds);
    server.setExecutor(workers);
    // SIGTERM runs the shutdown hooks: stop taking requests, then close the connections
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.stop(0);
      workers.shutdownNow();
      db.close();
    }, APP + "-stop"));
    server.start();
  }

  /**
   * Fails fast, in one line, when the database cannot be reached. Done with a plain connection before the pool starts:
   * HikariCP would say the same with a stack trace in its log.
   */
  private static void probe(Settings s) {
    Properties p = new Properties();
    p.setProperty("user", s.dbUser());
    p.setProperty("password", s.dbPassword());
    try (Connection c = DriverManager.getConnection(s.dbUrl(), p)) {
      c.isValid(10);
    } catch (SQLException e) {
      // pgjdbc's messages name the host, port and user, never the password
      Settings.fail(APP, "cannot reach the database at " + s.dbTarget() + ": " + e.getMessage());
    }
  }

  /** {@code /worlds/{id}} and {@code /worlds?count=N}; anything else under /worlds is a 404. */
  private void worlds(HttpExchange ex) throws IOException {
    try {
      URI uri = ex.getRequestURI();
      String path = uri.getPath();
      if (!"GET".equals(ex.getRequestMethod())) {
        send(ex, 405, null, null);
      } else if (path.equals("/worlds")) {
        send(ex, 200, "application/json", many(Worlds.count(query(uri.getRawQuery(), "count"))));
      } else if (path.startsWith("/worlds/") && path.indexOf('/', 8) < 0) {
        String one = one(Worlds.id(path.substring(8)));
        send(ex, one == null ? 404 : 200, one == null ? null : "application/json", one);
      } else {
        send(ex, 404, null, null);
      }
    } catch (SQLException e) {
      System.err.println(APP + ": " + ex.getRequestURI() + ": " + e.getMessage());
      send(ex, 500, null, null);
    }
  }

  /** The row's JSON, or null when there is no such row. */
  private String one(int id) throws SQLException {
    if (id < 1) {
      return null;
    }
    try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(Worlds.SELECT_JDBC)) {
      ps.setInt(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Worlds.json(new StringBuilder(40), rs.getInt(1), rs.getInt(2)).toString() : null;
      }
    }
  }

  /** {@code count} random rows, one query each, on one connection. */
  private String many(int count) throws SQLException {
    StringBuilder out = new StringBuilder(count * 36 + 2).append('[');
    try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(Worlds.SELECT_JDBC)) {
      for (int i = 0; i < count; i++) {
        ps.setInt(1, Worlds.randomId());
        try (ResultSet rs = ps.executeQuery()) {
          rs.next(); // every id 1..10000 is a row
          Worlds.json(i == 0 ? out : out.append(','), rs.getInt(1), rs.getInt(2));
        }
      }
    }
    return out.append(']').toString();
  }

  /** The raw value of {@code name} in a query string, or null. */
  private static String query(String query, String name) {
    if (query != null) {
      for (String pair : query.split("&")) {
        if (pair.startsWith(name + "=")) {
          return pair.substring(name.length() + 1);
        }
      }
    }
    return null;
  }

  private static void send(HttpExchange ex, int status, String contentType, String body) throws IOException {
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    if (contentType != null) {
      ex.getResponseHeaders().set("Content-Type", contentType);
    }
    ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }
}
