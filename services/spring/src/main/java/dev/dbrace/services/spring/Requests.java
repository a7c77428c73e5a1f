package dev.dbrace.services.spring;

import java.math.BigInteger;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * What both controllers derive from a request the same way: the contract's parameter rules,
 * random ids and the aggregator's per-user keys. Stateless, thread-safe.
 */
final class Requests {
  static final int WORLD_ROWS = 10_000;
  private static final BigInteger MAX_QUERIES = BigInteger.valueOf(500);

  private Requests() {}

  /**
   * {@code ?queries=N}: missing or not an integer → 1, below 1 → 1, above 500 → 500. An integer
   * too long for an int is still an integer, hence BigInteger rather than Integer.parseInt.
   */
  static int count(String raw) {
    if (raw == null) {
      return 1;
    }
    BigInteger n;
    try {
      n = new BigInteger(raw);
    } catch (NumberFormatException e) {
      return 1;
    }
    if (n.signum() < 1) {
      return 1;
    }
    return n.min(MAX_QUERIES).intValue();
  }

  /** A path segment as an int, or null when it is not one (the caller answers 404). */
  static Integer pathInt(String raw) {
    try {
      return Integer.valueOf(raw);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** A random world id or randomNumber, 1..10000. */
  static int random() {
    return ThreadLocalRandom.current().nextInt(1, WORLD_ROWS + 1);
  }

  /** n random values 1..10000, repeats allowed (TechEmpower does not ask for distinct ids). */
  static int[] randoms(int n) {
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = random();
    }
    return ids;
  }

  /** The slow source's world id: user % 10000 + 1 (floorMod keeps a negative user in range). */
  static int slowId(int user) {
    return Math.floorMod(user, WORLD_ROWS) + 1;
  }

  /** The slow source's pg_sleep in seconds: (30 + user % 171) ms. */
  static double slowSeconds(int user) {
    return (30 + Math.floorMod(user, 171)) / 1000.0;
  }

  /** The MongoDB source's user: user % 1000 + 1 (the notifications collection's 1,000 users). */
  static int mongoUser(int user) {
    return Math.floorMod(user, 1_000) + 1;
  }

  /** The fortune source's id: user % 12 + 1. */
  static int fortuneId(int user) {
    return Math.floorMod(user, 12) + 1;
  }

  /**
   * The indexes of {@code ids} in id order, for writing an /updates batch: concurrent requests
   * then lock their rows in the same order and cannot deadlock; the sort is stable, so a repeated
   * id's last number is still written last.
   */
  static int[] byId(int[] ids) {
    return IntStream.range(0, ids.length).boxed()
        .sorted(Comparator.comparingInt(i -> ids[i])).mapToInt(Integer::intValue).toArray();
  }
}
