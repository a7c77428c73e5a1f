package dev.dbrace.db.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.db.CacheDir;
import dev.dbrace.db.DbException;
import dev.dbrace.db.Files2;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.bson.Document;

/**
 * E4's MongoDB for one race, with the {@link NotificationsCollection} loaded and its query timed:
 * either the embedded FerretDB (started here, stopped by {@link #close()}) or the user's server by
 * URL. The embedded one's data is kept in dbrace's cache per size and data version
 * ({@code ferretdb-data/notifications-v<version>-<documents>}), so the load of 1 M documents is paid
 * once per machine; each race starts on a copy of it. Not thread-safe; one owner.
 */
public final class MongoSource implements AutoCloseable {
  private final EmbeddedFerretDb embedded;
  private final String url;
  private final String server;
  private final long documents;
  private final Double loadSeconds;
  private final boolean cached;
  private final Race.Latency latency;

  private MongoSource(EmbeddedFerretDb embedded, String url, String server, long documents, Double loadSeconds, boolean cached,
      Race.Latency latency) {
    this.embedded = embedded;
    this.url = url;
    this.server = server;
    this.documents = documents;
    this.loadSeconds = loadSeconds;
    this.cached = cached;
    this.latency = latency;
  }

  /**
   * Checks a user's MongoDB URL with the driver's own parser.
   *
   * @throws IllegalArgumentException in one line, without the password
   */
  public static ConnectionString parse(String url) {
    if (url == null || !(url.startsWith("mongodb://") || url.startsWith("mongodb+srv://"))) {
      throw new IllegalArgumentException("--mongo-url must be mongodb://host[:port][/...], got '" + redact(url) + "'");
    }
    try {
      return new ConnectionString(url);
    } catch (IllegalArgumentException e) {
      String why = e.getMessage() == null ? "malformed" : e.getMessage();
      throw new IllegalArgumentException("--mongo-url " + redact(url) + " is not a MongoDB URL: " + redact(why.replace(url, "")));
    }
  }

  /** The URL (or any URL-like text) with any password left out: {@code mongodb://user@host/...}. */
  public static String redact(String url) {
    return url == null ? null : url.replaceAll("([A-Za-z][A-Za-z0-9+.-]*://[^:@/]*):[^@/]*@", "$1@");
  }

  /** The embedded FerretDB on a copy of the cached collection of {@code documents}, loading it first if missing. */
  public static MongoSource embedded(long documents, int samples, Consumer<String> log) {
    return embedded(CacheDir.resolve().resolve("ferretdb-data"), documents, samples, log);
  }

  /** {@link #embedded(long, int, Consumer)} with the data cache in {@code cache}, for tests. */
  static MongoSource embedded(Path cache, long documents, int samples, Consumer<String> log) {
    String bad = NotificationsCollection.checkSize(documents);
    if (bad != null) {
      throw new IllegalArgumentException(bad);
    }
    Path data = cache.resolve("notifications-v" + NotificationData.MONGO_DATA_VERSION + "-" + documents);
    boolean cached = Files.isDirectory(data);
    if (!cached) {
      build(cache, data, documents, log);
    }
    EmbeddedFerretDb ferret = EmbeddedFerretDb.start(log, data);
    try (MongoClient client = client(ferret.mongoUrl())) {
      Double seconds = NotificationsCollection.loadSeconds(client);
      Double again = NotificationsCollection.ensure(client, documents, log); // the copy is complete: null
      Race.Latency latency = NotificationsCollection.time(client, samples);
      return new MongoSource(ferret, ferret.mongoUrl(), "FerretDB " + ferret.version() + " (SQLite), embedded", documents,
          again != null ? again : seconds, cached && again == null, latency);
    } catch (RuntimeException e) {
      ferret.close();
      throw e instanceof MongoException ? new DbException("embedded FerretDB: " + e.getMessage(), e) : e;
    }
  }

  /** Loads the collection into a FerretDB of its own and saves that server's data as {@code data}. */
  private static void build(Path cache, Path data, long documents, Consumer<String> log) {
    try {
      Files.createDirectories(cache);
      synchronized (MongoSource.class) {
        try (FileChannel ch = FileChannel.open(cache.resolve("build.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
          ch.lock(); // another race may be loading the same size
          if (Files.isDirectory(data)) {
            return;
          }
          try (Stream<Path> old = Files.list(cache)) { // under the lock, any build directory is a dead load's
            old.filter(p -> p.getFileName().toString().startsWith("build-")).forEach(Files2::deleteTree);
          }
          Path work = cache.resolve("build-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
          EmbeddedFerretDb ferret = EmbeddedFerretDb.start(log, null);
          try {
            try (MongoClient client = client(ferret.mongoUrl())) {
              NotificationsCollection.ensure(client, documents, log);
            }
            ferret.stopKeepingData(work);
            Files.writeString(work.resolve("dbrace-notifications.txt"), documents + " documents, data version "
                + NotificationData.MONGO_DATA_VERSION + "\n", StandardCharsets.UTF_8);
            Files.move(work, data, StandardCopyOption.ATOMIC_MOVE);
            log.accept("kept the notifications collection in " + data + " for later races");
          } finally {
            ferret.close();
            Files2.deleteTree(work);
          }
        }
      }
    } catch (IOException e) {
      throw new DbException("cannot keep the notifications collection in " + data + ": " + e.getMessage(), e);
    }
  }

  /** The user's MongoDB: the collection loaded there unless present. */
  public static MongoSource external(String url, long documents, int samples, Consumer<String> log) {
    parse(url);
    String bad = NotificationsCollection.checkSize(documents);
    if (bad != null) {
      throw new IllegalArgumentException(bad);
    }
    try (MongoClient client = client(url)) {
      Document info = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
      String version = info.getString("version");
      Double loaded = NotificationsCollection.ensure(client, documents, log);
      Double seconds = loaded != null ? loaded : NotificationsCollection.loadSeconds(client);
      Race.Latency latency = NotificationsCollection.time(client, samples);
      return new MongoSource(null, url, "MongoDB " + version + (info.containsKey("ferretdbVersion")
          ? " (FerretDB " + info.getString("ferretdbVersion") + ")" : ""), documents, seconds, loaded == null, latency);
    } catch (MongoException e) {
      throw new DbException("MongoDB at " + redact(url) + ": " + redact(e.getMessage()), e);
    }
  }

  /** A client that gives up on an unreachable server after 10 s, not the driver's 30. */
  static MongoClient client(String url) {
    // the driver logs its settings and each connection at INFO: not dbrace's console's business (slf4j-simple reads this per logger)
    if (System.getProperty("org.slf4j.simpleLogger.log.org.mongodb.driver") == null) {
      System.setProperty("org.slf4j.simpleLogger.log.org.mongodb.driver", "warn");
    }
    return MongoClients.create(MongoClientSettings.builder().applyConnectionString(new ConnectionString(url))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS)).build());
  }

  /** The URL the services get (it may hold the user's password: never print it; see {@link #redactedUrl()}). */
  public String url() {
    return url;
  }

  public String redactedUrl() {
    return redact(url);
  }

  /** e.g. {@code FerretDB v1.24.2 (SQLite), embedded}. */
  public String server() {
    return server;
  }

  public long documents() {
    return documents;
  }

  /** The load's seconds (this race's, or the cached collection's when it was loaded); null if unknown. */
  public Double loadSeconds() {
    return loadSeconds;
  }

  /** Whether the collection was loaded before this race. */
  public boolean cached() {
    return cached;
  }

  public Race.Latency latency() {
    return latency;
  }

  /**
   * Null while the server serves, else why not: the embedded FerretDB's process has exited (the
   * kernel's OOM killer, say). The user's server is not watched here (its queries fail instead).
   */
  public String gone() {
    if (embedded == null || ProcessHandle.of(embedded.pid()).map(ProcessHandle::isAlive).orElse(false)) {
      return null;
    }
    return "the embedded FerretDB (pid " + embedded.pid() + ") has exited during the race (killed? see dmesg for the OOM killer)";
  }

  /** Stops the embedded server (deleting its copy of the data); nothing for the user's. */
  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
