package dev.dbrace.db.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.db.DbException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * E4's MongoDB source on a real embedded FerretDB: the notifications collection loaded once into a
 * cache directory and reused by the next start, its query answering each user's three first
 * notifications; URLs checked and printed without their password.
 */
public class MongoSourceIT {
  private static final long DOCS = NotificationData.MONGO_MIN_DOCUMENTS;

  @Test
  void theCollectionIsLoadedOnceThenReusedFromTheCache(@TempDir Path cache) throws Exception {
    String noGo = null;
    try {
      FerretDbBinary.findGo();
    } catch (DbException e) {
      noGo = e.getMessage();
    }
    assumeTrue(noGo == null, noGo);
    List<String> log = new ArrayList<>();
    String firstUrl;
    try (MongoSource first = MongoSource.embedded(cache, DOCS, 3, log::add)) {
      assertFalse(first.cached());
      assertTrue(first.loadSeconds() > 0);
      assertEquals(3, first.latency().samples());
      firstUrl = first.url();
    }
    Path data = cache.resolve("notifications-v" + NotificationData.MONGO_DATA_VERSION + "-" + DOCS);
    assertTrue(Files.isDirectory(data), "kept in the cache: " + log);
    try (MongoSource again = MongoSource.embedded(cache, DOCS, 3, log::add)) {
      assertTrue(again.cached(), "reused: " + log);
      assertNotEquals(firstUrl, again.url(), "a server of its own");
      assertEquals(1, log.stream().filter(l -> l.startsWith("loaded 3,000 notifications")).count(), log.toString());
      try (MongoClient client = MongoSource.client(again.url())) {
        MongoCollection<Document> col = client.getDatabase(NotificationData.MONGO_DATABASE)
            .getCollection(NotificationData.MONGO_COLLECTION);
        assertEquals(DOCS, col.countDocuments());
        for (int user : new int[] {1, 500, 1000}) {
          assertEquals(NotificationData.messages(user), NotificationsCollection.query(col, user));
        }
        assertEquals(List.of(), NotificationsCollection.query(col, 1001));
      }
    }
  }

  @Test
  void urlsAreCheckedByTheDriverAndPrintedWithoutPassword() {
    assertEquals("mongodb://u@h:27017/db", MongoSource.redact("mongodb://u:pw@h:27017/db"));
    assertEquals("mongodb://h/", MongoSource.redact("mongodb://h/"));
    assertEquals(3, MongoSource.parse("mongodb://a,b,c/?replicaSet=r").getHosts().size());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MongoSource.parse("mongodb://u:pw@"));
    assertFalse(e.getMessage().contains("pw"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> MongoSource.parse("http://h/"));
    assertThrows(IllegalArgumentException.class, () -> MongoSource.embedded(2_500, 1, m -> { }));
  }
}
