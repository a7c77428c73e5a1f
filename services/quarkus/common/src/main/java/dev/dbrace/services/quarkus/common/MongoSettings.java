package dev.dbrace.services.quarkus.common;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.model.Filters;
import dev.dbrace.services.quarkus.common.Rows.MongoJson;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * What both Quarkus services' MongoDB clients (the sync driver in quarkus-orm, the Reactive Streams
 * driver in quarkus-reactive) share: their settings, E4's query and the answer built from its documents.
 */
public final class MongoSettings {
  private MongoSettings() {}

  /** The URL, DBRACE_POOL connections (as the database's pool), 10 s to find the server; as services/spring's. */
  public static MongoClientSettings of(String url, String service) {
    return MongoClientSettings.builder().applyConnectionString(new ConnectionString(url))
        .applyToConnectionPoolSettings(b -> b.maxSize(Integer.parseInt(System.getenv().getOrDefault("DBRACE_POOL", "16"))))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS))
        .applicationName(System.getenv().getOrDefault("DBRACE_APPLICATION_NAME", service)).build();
  }

  /** E4's query for the MongoDB user {@code mongoUser}: {@code {user: U, seq: {$lte: 3}}} (limit and batch 3 by the caller). */
  public static Bson filter(int mongoUser) {
    return Filters.and(Filters.eq("user", mongoUser), Filters.lte("seq", Rows.MONGO_PER_ANSWER));
  }

  /** The answer: the user's notification texts in seq order. */
  public static MongoJson note(int mongoUser, List<Document> docs) {
    return new MongoJson(mongoUser, docs.stream().sorted(Comparator.comparingInt((Document d) -> d.getInteger("seq")))
        .map(d -> d.getString("text")).toList());
  }
}
