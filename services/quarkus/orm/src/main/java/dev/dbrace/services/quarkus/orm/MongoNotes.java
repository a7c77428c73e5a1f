package dev.dbrace.services.quarkus.orm;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.dbrace.services.quarkus.common.MongoSettings;
import dev.dbrace.services.quarkus.common.Rows;
import dev.dbrace.services.quarkus.common.Rows.MongoJson;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * E4's MongoDB source on the synchronous MongoDB driver (mongodb-driver-sync, the Quarkus BOM's
 * version), called on the request's worker thread: {@code notifications.find({user: U, seq: {$lte: 3}}).limit(3)},
 * one batch of 3. Not the quarkus-mongodb-client extension: its build-time half for this Quarkus is not in
 * the registry here (services/quarkus/orm/pom.xml). The client is created only when the race gives
 * DBRACE_MONGO_URL, with DBRACE_POOL connections, and pinged at start, so an unreachable MongoDB ends the
 * process in one line; without it {@link #enabled()} is false and /notifications reads the fortune.
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
      client = MongoClients.create(MongoSettings.of(url, "quarkus-orm"));
      client.getDatabase(Rows.MONGO_DATABASE).runCommand(new Document("ping", 1));
      notifications = client.getDatabase(Rows.MONGO_DATABASE).getCollection(Rows.MONGO_COLLECTION);
    } catch (RuntimeException e) {
      // the driver's messages name hosts, never the URL's password
      System.err.println("quarkus-orm: cannot reach MongoDB (DBRACE_MONGO_URL): " + Rows.oneLine(e));
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
  public MongoJson read(long user) {
    int u = Rows.mongoUser(user);
    // batchSize as the answer: FerretDB 1.24 reserves memory per batch size (services/spring's ReactiveMongoNotes)
    List<Document> docs = notifications.find(MongoSettings.filter(u))
        .limit(Rows.MONGO_PER_ANSWER).batchSize(Rows.MONGO_PER_ANSWER).into(new ArrayList<>(Rows.MONGO_PER_ANSWER));
    return MongoSettings.note(u, docs);
  }
}
