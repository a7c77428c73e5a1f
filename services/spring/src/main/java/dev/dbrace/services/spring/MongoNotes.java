package dev.dbrace.services.spring;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import dev.dbrace.services.spring.Notification.MongoNote;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * E4's MongoDB source on the synchronous driver (mongodb-driver-sync), for mvc-jdbc, mvc-virtual and,
 * called on the event loop, webflux-blocking: {@code notifications.find({user: U, seq: {$lte: 3}}).limit(3)}
 * for U = user % 1000 + 1, answered in seq order. Its connection pool has DBRACE_POOL connections, like
 * the PostgreSQL pool. Thread-safe (the driver's client is).
 */
final class MongoNotes implements SecondSource {
  static final String DATABASE = "dbrace";
  static final String COLLECTION = "notifications";
  static final int PER_ANSWER = 3;

  private final MongoClient client;
  private final MongoCollection<Document> notifications;

  private MongoNotes(MongoClient client) {
    this.client = client;
    this.notifications = client.getDatabase(DATABASE).getCollection(COLLECTION);
  }

  /** Connects and pings the server (fail fast); throws the driver's exception if it cannot. */
  static MongoNotes open(ServiceEnv env) {
    MongoClient client = MongoClients.create(settings(env));
    try {
      client.getDatabase(DATABASE).runCommand(new Document("ping", 1));
      return new MongoNotes(client);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /** Both drivers' settings: the URL, DBRACE_POOL connections, 10 s to find the server. */
  static MongoClientSettings settings(ServiceEnv env) {
    return MongoClientSettings.builder().applyConnectionString(new ConnectionString(env.mongoUrl()))
        .applyToConnectionPoolSettings(b -> b.maxSize(env.pool()))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS))
        .applicationName(env.applicationName()).build();
  }

  /** The query's filter; with limit 3. */
  static Bson filter(int mongoUser) {
    return Filters.and(Filters.eq("user", mongoUser), Filters.lte("seq", PER_ANSWER));
  }

  /** The answer from the documents read, in seq order (the query names no order). */
  static MongoNote note(int mongoUser, List<Document> docs) {
    return new MongoNote(mongoUser, docs.stream().sorted(Comparator.comparingInt((Document d) -> d.getInteger("seq")))
        .map(d -> d.getString("text")).toList());
  }

  @Override
  public Notification read(int user) {
    int u = Requests.mongoUser(user);
    // one batch of exactly the answer, as ReactiveMongoNotes asks for it
    return note(u, notifications.find(filter(u)).limit(PER_ANSWER).batchSize(PER_ANSWER).into(new ArrayList<>(PER_ANSWER)));
  }

  @Override
  public void close() {
    client.close();
  }
}
