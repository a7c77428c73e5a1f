package dev.dbrace.testkit;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.db.DbException;
import dev.dbrace.db.mongo.EmbeddedFerretDb;
import dev.dbrace.db.mongo.FerretDbBinary;
import dev.dbrace.db.mongo.NotificationsCollection;

/**
 * One embedded FerretDB (E4's MongoDB), with the smallest notifications collection loaded (3,000
 * documents: every user's 3 first notifications), shared by every test of a JVM that needs a MongoDB
 * server: started on first use, stopped by {@link EmbeddedFerretDb}'s shutdown hook when the JVM exits.
 * FerretDB is built once per machine with Go; where Go is missing, {@link #whyNot()} says so and the
 * tests skip. Not for the tests of dbrace-db itself (this kit depends on it), nor for those that test
 * how dbrace starts its own embedded FerretDB for a race.
 *
 * <p>Thread-safe. A failed start is remembered: later callers fail at once with the same cause.
 */
public final class SharedTestFerretDb {
  /** The documents loaded. */
  public static final long DOCUMENTS = NotificationData.MONGO_MIN_DOCUMENTS;

  private static EmbeddedFerretDb server; // guarded by the class
  private static RuntimeException startFailure; // guarded by the class

  private SharedTestFerretDb() {}

  /** Null when a FerretDB can be had here, else why not (Go missing, naming what to install): for assumeTrue. */
  public static String whyNot() {
    try {
      FerretDbBinary.findGo();
      return null;
    } catch (DbException e) {
      return e.getMessage();
    }
  }

  /** The running server, started and loaded on the first call. */
  public static synchronized EmbeddedFerretDb server() {
    if (startFailure != null) {
      throw new IllegalStateException("the shared test FerretDB failed to start earlier: " + startFailure.getMessage(),
          startFailure);
    }
    if (server == null) {
      EmbeddedFerretDb s = null;
      try {
        s = EmbeddedFerretDb.start(SharedTestFerretDb::log);
        try (MongoClient client = MongoClients.create(s.mongoUrl())) {
          NotificationsCollection.ensure(client, DOCUMENTS, SharedTestFerretDb::log);
        }
        server = s;
      } catch (RuntimeException e) {
        if (s != null) {
          s.close();
        }
        startFailure = e;
        throw e;
      }
    }
    return server;
  }

  /** Its {@code mongodb://127.0.0.1:<port>/} (no credentials). */
  public static String mongoUrl() {
    return server().mongoUrl();
  }

  private static void log(String message) {
    System.err.println("[test-ferretdb] " + message);
  }
}
