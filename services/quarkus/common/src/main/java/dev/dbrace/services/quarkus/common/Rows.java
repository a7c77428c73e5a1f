package dev.dbrace.services.quarkus.common;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** The JSON shapes of the contract (docs/service-contract.md); entities are never serialized themselves. */
public final class Rows {
  private Rows() {}

  public record WorldJson(int id, int randomNumber) {
    public static WorldJson of(World w) {
      return new WorldJson(w.id, w.randomNumber);
    }
  }

  public record FilmJson(int fid, String title) {}

  public record Slow(String source, int id, int randomNumber) {}

  public record FortuneJson(String source, int id, String message) {}

  public record Remote(String source, long user, long delayMs) {}

  /** E4's MongoDB source: the user's notifications seq 1..3, in seq order ({@code "source":"mongo"}). */
  public record MongoJson(String source, int user, List<String> messages) {
    public MongoJson(int user, List<String> messages) {
      this("mongo", user, List.copyOf(messages));
    }
  }

  /** The MongoDB source's database and collection (dbrace loads them), and how many notifications an answer holds. */
  public static final String MONGO_DATABASE = "dbrace";
  public static final String MONGO_COLLECTION = "notifications";
  public static final int MONGO_PER_ANSWER = 3;

  /** The MongoDB source's user: user % 1000 + 1 (the collection's 1,000 users). */
  public static int mongoUser(long user) {
    return (int) Math.floorMod(user, 1_000L) + 1;
  }

  /** The MongoDB URL the race gives (DBRACE_MONGO_URL), or null: then /notifications' second source is the fortune. */
  public static String mongoUrl() {
    String url = System.getenv("DBRACE_MONGO_URL");
    return url == null || url.isBlank() ? null : url;
  }

  /** An exception's message on one line (drivers never put the password in it). */
  public static String oneLine(Throwable e) {
    return String.valueOf(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()).replaceAll("\\s+", " ").strip();
  }

  /**
   * {@code n} distinct random world ids (1..10,000) for one request's finds. A request's session answers an id it
   * holds already from its persistence context, without a statement, and TechEmpower's rules count one query per
   * row read (its verification counts the statements and rows on the server): drawn twice, an id would save one.
   */
  public static int[] distinctIds(int n) {
    return ThreadLocalRandom.current().ints(1, 10_001).distinct().limit(n).toArray();
  }

  /** TechEmpower's rule: missing or not an integer is 1, then clamped to 1..500. */
  public static int count(String param) {
    try {
      return Math.max(1, Math.min(500, Integer.parseInt(param)));
    } catch (NumberFormatException e) {
      return 1;
    }
  }
}
