package dev.dbrace.services.spring;

import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoCollection;
import java.time.Duration;
import org.bson.Document;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * E4's MongoDB source for webflux-r2dbc on the MongoDB Reactive Streams driver
 * (org.mongodb:mongodb-driver-reactivestreams) used directly, adapted to Reactor by
 * {@code Flux.from}: the same query and answer as {@link MongoNotes}, never blocking. Not Spring
 * Data's reactive MongoDB: the service builds its own clients from DBRACE_* before Spring starts
 * (Boot's data auto-configuration is off, as for R2DBC, which it also uses without Spring Data),
 * and the race compares drivers, so each variant talks to its driver's own API with no mapping
 * layer on top; Spring Data's ReactiveMongoTemplate runs on this same driver. Thread-safe.
 */
final class ReactiveMongoNotes implements SecondSource.Reactive {
  private final MongoClient client;
  private final MongoCollection<Document> notifications;

  private ReactiveMongoNotes(MongoClient client) {
    this.client = client;
    this.notifications = client.getDatabase(MongoNotes.DATABASE).getCollection(MongoNotes.COLLECTION);
  }

  /** Connects and pings the server, blocking once at start (fail fast), never later. */
  static ReactiveMongoNotes open(ServiceEnv env) {
    MongoClient client = MongoClients.create(MongoNotes.settings(env));
    try {
      Mono.from(client.getDatabase(MongoNotes.DATABASE).runCommand(new Document("ping", 1))).block(Duration.ofSeconds(30));
      return new ReactiveMongoNotes(client);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  @Override
  public Mono<Notification> read(int user) {
    int u = Requests.mongoUser(user);
    // batchSize as the answer: left unset, the driver turns collectList's unbounded demand into batchSize
    // 2^31-1, for which FerretDB 1.24 allocates a slice of that capacity per query (20 queries at once would take 22 GB)
    return Flux.from(notifications.find(MongoNotes.filter(u)).limit(MongoNotes.PER_ANSWER).batchSize(MongoNotes.PER_ANSWER))
        .collectList()
        .map(docs -> MongoNotes.note(u, docs));
  }

  @Override
  public void close() {
    client.close();
  }
}
