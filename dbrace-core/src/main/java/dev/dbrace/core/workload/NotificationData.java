package dev.dbrace.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * E4's data behind {@code /notifications/{user}}, defined once for the three sides that must agree:
 * dbrace-db creates it, the services query it, the HTTP generator recomputes every answer from it.
 *
 * <ul>
 *   <li><b>slow</b>, {@link SlowSource#QUERY} (the default): one row of {@value #SLOW_TABLE} (1 M rows) found
 *       by its unindexed {@code lookup} column, a sequential scan of the whole table; the row's
 *       {@code randomnumber} is {@link #slowRandomNumber(int)}. {@link SlowSource#SLEEP}: the former
 *       {@code world, pg_sleep(…)} query, kept as an option.
 *   <li><b>mongo</b>: the {@value #MONGO_PER_ANSWER} first notifications ({@code seq} 1..3) of one of
 *       {@value #MONGO_USERS} users in the {@value #MONGO_COLLECTION} collection; each document's
 *       content is a function of its user and seq. Variants without a MongoDB client here answer
 *       <b>fortune</b> instead (a fast PostgreSQL query), as their descriptor says.
 * </ul>
 * Stateless.
 */
public final class NotificationData {
  /** The slow source's table and its size. */
  public static final String SLOW_TABLE = "slow_world";
  public static final int SLOW_ROWS = 1_000_000;
  /** {@link SlowSource#QUERY}'s SQL: a sequential scan of 1 M rows for one of them. */
  public static final String SLOW_QUERY_SQL = "SELECT id, randomnumber FROM slow_world WHERE lookup = $1";
  /** {@link SlowSource#SLEEP}'s SQL (the contract's before the slow table). */
  public static final String SLOW_SLEEP_SQL = Endpoints.SLOW;

  /** The MongoDB database and collection. */
  public static final String MONGO_DATABASE = "dbrace";
  public static final String MONGO_COLLECTION = "notifications";
  /** Users in the collection; every one has documents / users notifications. */
  public static final int MONGO_USERS = 1_000;
  /** Notifications per answer: seq 1..3 of the user. */
  public static final int MONGO_PER_ANSWER = 3;
  /** The smallest collection (every user has the 3 an answer needs). */
  public static final long MONGO_MIN_DOCUMENTS = (long) MONGO_USERS * MONGO_PER_ANSWER;
  /** The default size: E4's 1 M documents. */
  public static final long MONGO_DEFAULT_DOCUMENTS = 1_000_000;
  /** Bumped whenever the documents' content changes, so a cached collection of the old content is not reused. */
  public static final int MONGO_DATA_VERSION = 1;
  /**
   * The query in the shell's words, for people: each service builds it with its driver's own API.
   * With no index use (FerretDB on SQLite pushes down only {@code _id} equality) the server reads
   * documents in insertion order, users interleaved, until it has 3: about 2,000 + user documents.
   */
  public static final String MONGO_QUERY = "db.notifications.find({user: U, seq: {$lte: 3}}).limit(3)";

  private NotificationData() {}

  /** How a service reads the slow source. */
  public enum SlowSource {
    QUERY, SLEEP;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the known ones */
    public static SlowSource of(String s) {
      for (SlowSource v : values()) {
        if (v.id().equals(s)) {
          return v;
        }
      }
      throw new IllegalArgumentException("slow source must be query or sleep, got '" + s + "'");
    }
  }

  /** The row the slow source answers for {@code user}, in both forms: 1..10,000. */
  public static int slowId(long user) {
    return (int) (user % 10_000) + 1;
  }

  /** {@value #SLOW_TABLE}'s randomnumber for row {@code id}, 1..10,000. */
  public static int slowRandomNumber(int id) {
    return (int) ((id * 7919L) % 10_000) + 1;
  }

  /** The MongoDB user the request's user reads: 1..1,000. */
  public static int mongoUser(long user) {
    return (int) (user % MONGO_USERS) + 1;
  }

  /** Document {@code seq} of {@code user}'s text. */
  public static String message(int user, int seq) {
    return "notification " + seq + " for user " + user;
  }

  /** What a right mongo answer lists for {@code mongoUser}: the texts of seq 1..3, in seq order. */
  public static List<String> messages(int mongoUser) {
    List<String> out = new ArrayList<>(MONGO_PER_ANSWER);
    for (int seq = 1; seq <= MONGO_PER_ANSWER; seq++) {
      out.add(message(mongoUser, seq));
    }
    return out;
  }
}
