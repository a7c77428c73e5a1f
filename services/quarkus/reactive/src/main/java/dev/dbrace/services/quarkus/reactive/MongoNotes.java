package dev.dbrace.services.quarkus.reactive;

import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import com.mongodb.reactivestreams.client.MongoCollection;
import dev.dbrace.services.quarkus.common.MongoSettings;
import dev.dbrace.services.quarkus.common.Rows;
import dev.dbrace.services.quarkus.common.Rows.MongoJson;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.bson.Document;
import org.reactivestreams.FlowAdapters;

/**
 * E4's MongoDB source on the MongoDB Reactive Streams driver (mongodb-driver-reactivestreams, the
 * Quarkus BOM's version) as Mutiny's Multi and Uni (through org.reactivestreams.FlowAdapters), never blocking a request:
 * {@code notifications.find({user: U, seq: {$lte: 3}}).limit(3)}, one batch of 3. Not the
 * quarkus-mongodb-client extension (whose ReactiveMongoClient wraps this same driver): its build-time half
 * for this Quarkus is not in the registry here (services/quarkus/reactive/pom.xml). The client is created
 * only when the race gives DBRACE_MONGO_URL, with DBRACE_POOL connections, and pinged at start (blocking
 * once, there), so an unreachable MongoDB ends the process in one line; without it {@link #enabled()} is
 * false and /notifications reads the fortune.
 */
@Singleton
public class MongoNotes {
  private volatile MongoClient client;
  private volatile MongoCollection<Document> notifications;

  void onStart(@Observes StartupEvent event) {
    String url = Rows.mongoUrl();
    if (url == null) {
      return;
    }
    try {
      client = MongoClients.create(MongoSettings.of(url, "quarkus-reactive"));
      Uni.createFrom().publisher(FlowAdapters.toFlowPublisher(client.getDatabase(Rows.MONGO_DATABASE).runCommand(new Document("ping", 1))))
          .await().atMost(Duration.ofSeconds(30));
      notifications = client.getDatabase(Rows.MONGO_DATABASE).getCollection(Rows.MONGO_COLLECTION);
    } catch (RuntimeException e) {
      // the driver's messages name hosts, never the URL's password
      System.err.println("quarkus-reactive: cannot reach MongoDB (DBRACE_MONGO_URL): " + Rows.oneLine(e));
      Quarkus.asyncExit(3);
    }
  }

  void onStop(@Observes ShutdownEvent event) {
    if (client != null) {
      client.close();
    }
  }


  /** Whether /notifications' second source is MongoDB (the race gave DBRACE_MONGO_URL). */
  public boolean enabled() {
    return notifications != null;
  }

  /** The user's 3 first notifications, in seq order. */
  public Uni<MongoJson> read(long user) {
    int u = Rows.mongoUser(user);
    // batchSize as the answer: left unset, collecting the Multi (unbounded demand) makes the driver ask for batch size
    // 2^31-1, for which FerretDB 1.24 reserves memory per query (services/spring's ReactiveMongoNotes)
    var find = notifications.find(MongoSettings.filter(u))
        .limit(Rows.MONGO_PER_ANSWER).batchSize(Rows.MONGO_PER_ANSWER);
    // the driver speaks org.reactivestreams, Mutiny java.util.concurrent.Flow: the Reactive Streams project's own adapter
    return Multi.createFrom().publisher(FlowAdapters.toFlowPublisher(find))
        .collect().asList()
        .map(docs -> MongoSettings.note(u, docs));
  }
}
