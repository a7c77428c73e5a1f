package dev.dbrace.services.vertxweb;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.mongo.FindOptions;
import io.vertx.ext.mongo.MongoClient;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * E4's MongoDB source on Vert.x's own MongoDB client (io.vertx:vertx-mongo-client, the MongoDB Reactive
 * Streams driver on Vert.x's event loops): {@code notifications.find({user: U, seq: {$lte: 3}}).limit(3)}
 * for U = user % 1000 + 1, answered in seq order, never blocking. Its pool has DBRACE_POOL connections,
 * like the PostgreSQL pool. Thread-safe (the client is).
 */
final class MongoNotes {
  static final String DATABASE = "dbrace";
  static final String COLLECTION = "notifications";
  static final int PER_ANSWER = 3;
  /**
   * The driver logs through SLF4J only, which this service does not carry; without it the driver says so once on
   * stderr ("Logging is disabled"), through this java.util.logging logger, kept here so its level holds.
   */
  private static final Logger DRIVER_NOTICE = Logger.getLogger("org.mongodb.driver");

  private final MongoClient client;

  private MongoNotes(MongoClient client) {
    this.client = client;
  }

  /** The client for {@code url} (it may hold a password: never printed); nothing is sent until {@link #ping()}. */
  static MongoNotes create(Vertx vertx, String url, int pool) {
    DRIVER_NOTICE.setLevel(Level.OFF);
    JsonObject config = new JsonObject().put("connection_string", url).put("db_name", DATABASE)
        .put("maxPoolSize", pool).put("serverSelectionTimeoutMS", 10_000);
    return new MongoNotes(MongoClient.createShared(vertx, config, "dbrace-notifications"));
  }

  /** The server's answer to ping: the start's fail-fast check. */
  Future<JsonObject> ping() {
    return client.runCommand("ping", new JsonObject().put("ping", 1));
  }

  /** The user's 3 first notifications as the contract's {@code {"source":"mongo","user":U,"messages":[…]}}. */
  Future<JsonObject> read(long user) {
    int u = (int) Math.floorMod(user, 1_000L) + 1;
    JsonObject query = new JsonObject().put("user", u).put("seq", new JsonObject().put("$lte", PER_ANSWER));
    // findBatchWithOptions asks the driver for batchSize documents at a time; findWithOptions would ask for them all at
    // once (batch size 2^31-1), for which FerretDB 1.24 reserves memory (ReactiveMongoNotes in services/spring says how
    // much). One more than the limit: given a full batch of 3, FerretDB keeps the cursor open and this driver (5.3.1)
    // asks a getMore, which scans the rest of the collection for nothing (a second read per request: docs/decisions.md);
    // with 4, FerretDB closes it after the first. The newer drivers under the
    // Spring and Quarkus variants send limit + 1 themselves when batchSize equals the limit.
    FindOptions options = new FindOptions().setLimit(PER_ANSWER).setBatchSize(PER_ANSWER + 1);
    return client.findBatchWithOptions(COLLECTION, query, options).collect(Collectors.toList()).map(docs -> note(u, docs));
  }

  static JsonObject note(int mongoUser, List<JsonObject> docs) {
    List<String> messages = docs.stream().sorted(Comparator.comparingInt((JsonObject d) -> d.getInteger("seq")))
        .map(d -> d.getString("text")).toList();
    return new JsonObject().put("source", "mongo").put("user", mongoUser).put("messages", new JsonArray(messages));
  }

  Future<Void> close() {
    return client.close();
  }
}
