package dev.dbrace.services.quarkus.common;

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

  /** TechEmpower's rule: missing or not an integer is 1, then clamped to 1..500. */
  public static int count(String param) {
    try {
      return Math.max(1, Math.min(500, Integer.parseInt(param)));
    } catch (NumberFormatException e) {
      return 1;
    }
  }
}
