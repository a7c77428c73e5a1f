package org.example.worlds;

import java.util.Map;

/**
 * The application's settings, from the environment only (a service file's {@code start.env} sets them):
 * {@code HTTP_HOST} (default 127.0.0.1), {@code HTTP_PORT}, {@code DB_URL} (a JDBC URL,
 * {@code jdbc:postgresql://host:port/name}), {@code DB_USER}, {@code DB_PASSWORD} (may be empty) and {@code POOL_SIZE}
 * (database connections). A missing or malformed value stops the start; no value is ever guessed.
 *
 * @param poolSize the number of database connections, the same for both entry points
 */
public record Settings(String httpHost, int httpPort, String dbUrl, String dbUser, String dbPassword, int poolSize) {

  /** Why the application cannot start: one line for stderr, never holding the password. */
  public static final class Invalid extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public Invalid(String message) {
      super(message);
    }
  }

  public static Settings from(Map<String, String> env) {
    String url = required(env, "DB_URL");
    if (!url.startsWith("jdbc:postgresql://")) {
      throw new Invalid("DB_URL must be a JDBC URL jdbc:postgresql://host:port/name, got '" + url + "'");
    }
    return new Settings(env.getOrDefault("HTTP_HOST", "127.0.0.1"), number(env, "HTTP_PORT", 1, 65535), url,
        required(env, "DB_USER"), env.getOrDefault("DB_PASSWORD", ""), number(env, "POOL_SIZE", 1, 1000));
  }

  /** {@link #dbUrl} without its {@code jdbc:} prefix: the {@code postgresql://} URI the Vert.x client reads. */
  public String dbUri() {
    return dbUrl.substring("jdbc:".length());
  }

  /** {@link #dbUrl} without its parameters, for messages: a JDBC URL may carry {@code ?password=...}. */
  public String dbTarget() {
    int q = dbUrl.indexOf('?');
    return q < 0 ? dbUrl : dbUrl.substring(0, q);
  }

  private static String required(Map<String, String> env, String name) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      throw new Invalid(name + " is not set");
    }
    return value;
  }

  private static int number(Map<String, String> env, String name, int min, int max) {
    String value = required(env, name);
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new Invalid(name + " must be an integer " + min + ".." + max + ", got '" + value + "'");
  }

  /** Prints {@code why} as one line on stderr and exits with 1: how both entry points fail fast. */
  public static void fail(String app, String why) {
    System.err.println(app + ": " + why.replaceAll("\\s*[\\r\\n]+\\s*", " "));
    System.exit(1);
  }

  @Override
  public String toString() { // a record prints its components: never the password
    return "Settings[" + httpHost + ":" + httpPort + ", " + dbTarget() + " as " + dbUser + ", pool " + poolSize + "]";
  }
}
