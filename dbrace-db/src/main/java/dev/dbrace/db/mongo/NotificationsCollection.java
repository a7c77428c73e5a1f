package dev.dbrace.db.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOptions;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.db.DbException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * E4's MongoDB dataset: the {@code notifications} collection of {@link NotificationData}, created
 * with the driver's own API ({@code insertMany} in batches of 10,000), and the query every mongo
 * answer runs. Documents are inserted seq by seq, the users interleaved (as notifications arrive):
 * {@code {_id: "<user>-<seq>", user, seq, read, text}}, {@code text} being
 * {@link NotificationData#message}. An index on {@code {user: 1, seq: 1}} serves the query on
 * MongoDB; FerretDB on SQLite keeps it but reads documents in insertion order (it pushes down only
 * {@code _id} equality), so there the query's time is that of reading about 2,000 + user
 * documents. A {@code dbrace_meta} document, written once the load finished, records what was
 * loaded (counting 1 M documents takes FerretDB half a minute); a collection without a matching
 * record is dropped and loaded again. Stateless.
 */
public final class NotificationsCollection {
  private static final int BATCH = 10_000;
  private static final String META = "dbrace_meta";

  private NotificationsCollection() {}

  /** The query's filter for a MongoDB user (1..1,000): {@code {user: U, seq: {$lte: 3}}}, with limit 3. */
  public static Bson filter(int mongoUser) {
    return Filters.and(Filters.eq("user", mongoUser), Filters.lte("seq", NotificationData.MONGO_PER_ANSWER));
  }

  /** Whether {@code documents} is a size this dataset can have: a multiple of 1,000, at least 3,000. */
  public static String checkSize(long documents) {
    if (documents < NotificationData.MONGO_MIN_DOCUMENTS || documents % NotificationData.MONGO_USERS != 0) {
      return "the notifications collection's size must be a multiple of " + NotificationData.MONGO_USERS + ", at least "
          + NotificationData.MONGO_MIN_DOCUMENTS + " (every user's 3 first notifications), got " + documents;
    }
    return null;
  }

  /**
   * Loads the collection unless it holds {@code documents} documents of this data version.
   *
   * @return the seconds the load took, or null when the collection was there
   */
  public static Double ensure(MongoClient client, long documents, Consumer<String> log) {
    String bad = checkSize(documents);
    if (bad != null) {
      throw new IllegalArgumentException(bad);
    }
    MongoDatabase db = client.getDatabase(NotificationData.MONGO_DATABASE);
    MongoCollection<Document> col = db.getCollection(NotificationData.MONGO_COLLECTION);
    MongoCollection<Document> meta = db.getCollection(META);
    try {
      Document loaded = meta.find(Filters.eq("_id", NotificationData.MONGO_COLLECTION)).first();
      if (loaded != null && loaded.get("version", 0) == NotificationData.MONGO_DATA_VERSION
          && loaded.get("documents", Number.class).longValue() == documents) { // written last: the load finished
        return null;
      }
      log.accept(String.format("loading %,d notifications into MongoDB (once; %s)", documents,
          documents >= 100_000 ? "about 2 minutes per million on FerretDB" : "a few seconds"));
      long t0 = System.nanoTime();
      col.drop();
      int perUser = (int) (documents / NotificationData.MONGO_USERS);
      List<Document> batch = new ArrayList<>(BATCH);
      for (int seq = 1; seq <= perUser; seq++) {
        for (int user = 1; user <= NotificationData.MONGO_USERS; user++) {
          batch.add(new Document("_id", user + "-" + seq).append("user", user).append("seq", seq)
              .append("read", (user + seq) % 3 == 0).append("text", NotificationData.message(user, seq)));
          if (batch.size() == BATCH) {
            col.insertMany(batch, new InsertManyOptions().ordered(true));
            batch.clear();
          }
        }
      }
      if (!batch.isEmpty()) {
        col.insertMany(batch);
      }
      col.createIndex(Indexes.ascending("user", "seq"));
      double seconds = (System.nanoTime() - t0) / 1e9;
      meta.replaceOne(Filters.eq("_id", NotificationData.MONGO_COLLECTION), new Document("_id", NotificationData.MONGO_COLLECTION)
          .append("version", NotificationData.MONGO_DATA_VERSION).append("documents", documents).append("loadSeconds", seconds),
          new ReplaceOptions().upsert(true));
      log.accept(String.format("loaded %,d notifications in %.1f s", documents, seconds));
      return seconds;
    } catch (MongoException e) {
      throw new DbException("cannot load the notifications collection: " + e.getMessage(), e);
    }
  }

  /** The seconds the collection's load took, as its {@code dbrace_meta} document says; null if it does not. */
  public static Double loadSeconds(MongoClient client) {
    Document d = client.getDatabase(NotificationData.MONGO_DATABASE).getCollection(META)
        .find(Filters.eq("_id", NotificationData.MONGO_COLLECTION)).first();
    return d == null || !(d.get("loadSeconds") instanceof Number n) ? null : n.doubleValue();
  }

  /**
   * One mongo answer's query for {@code mongoUser}: the texts of its notifications seq 1..3 in seq
   * order (the order a service answers with).
   */
  public static List<String> query(MongoCollection<Document> col, int mongoUser) {
    List<Document> docs = col.find(filter(mongoUser)).limit(NotificationData.MONGO_PER_ANSWER).into(new ArrayList<>());
    docs.sort((a, b) -> Integer.compare(a.getInteger("seq"), b.getInteger("seq")));
    return docs.stream().map(d -> d.getString("text")).toList();
  }

  /**
   * Runs the query {@code samples} times one after another (after one untimed run), for users
   * spread over 1..1,000, checking each answer.
   */
  public static Race.Latency time(MongoClient client, int samples) {
    MongoCollection<Document> col = client.getDatabase(NotificationData.MONGO_DATABASE)
        .getCollection(NotificationData.MONGO_COLLECTION);
    double[] ms = new double[samples];
    for (int i = -1; i < samples; i++) {
      int user = NotificationData.mongoUser(337L * (i + 2));
      long t0 = System.nanoTime();
      List<String> texts = query(col, user);
      if (!texts.equals(NotificationData.messages(user))) {
        throw new DbException("the notifications collection answered " + texts + " for user " + user);
      }
      if (i >= 0) {
        ms[i] = (System.nanoTime() - t0) / 1e6;
      }
    }
    return Race.Latency.of(ms);
  }
}
