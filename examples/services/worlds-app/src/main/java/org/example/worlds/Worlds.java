package org.example.worlds;

import java.util.concurrent.ThreadLocalRandom;

/** What both entry points share: the query, the request's rules and the answer's JSON, so their bytes are the same. */
public final class Worlds {
  /** One row by id, in JDBC's placeholder syntax. */
  public static final String SELECT_JDBC = "SELECT id, randomnumber FROM world WHERE id = ?";
  /** The same query in PostgreSQL's own syntax, which the Vert.x client sends as it is. */
  public static final String SELECT_PG = "SELECT id, randomnumber FROM world WHERE id = $1";
  /** The world table's ids: 1..ROWS. */
  public static final int ROWS = 10_000;
  public static final int MAX_COUNT = 500;

  private Worlds() {}

  public static int randomId() {
    return 1 + ThreadLocalRandom.current().nextInt(ROWS);
  }

  /** {@code ?count=N}: missing or not an integer is 1, then clamped to 1..500 (TechEmpower's rule for its queries test). */
  public static int count(String param) {
    try {
      return Math.max(1, Math.min(MAX_COUNT, Integer.parseInt(param)));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  /** The id in {@code /worlds/{id}}, or -1 when it is not a positive integer: a 404 without asking the database. */
  public static int id(String text) {
    try {
      int id = Integer.parseInt(text);
      return id >= 1 ? id : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** {@code {"id":N,"randomNumber":M}}. Built by hand: two integers, nothing to escape, no JSON library needed. */
  public static StringBuilder json(StringBuilder out, int id, int randomNumber) {
    return out.append("{\"id\":").append(id).append(",\"randomNumber\":").append(randomNumber).append('}');
  }
}
