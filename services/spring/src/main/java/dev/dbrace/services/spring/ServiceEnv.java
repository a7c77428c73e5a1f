package dev.dbrace.services.spring;

import java.util.List;
import java.util.Map;

/**
 * The service's whole configuration: the contract's {@code DBRACE_*} environment variables, read
 * once and checked. {@link #toString()} and every error message leave the password out.
 *
 * @param remoteUrl base URL of the remote stub, without a trailing slash
 * @param sslMode libpq's sslmode word (DBRACE_DB_SSLMODE; prefer, libpq's default, when unset), which
 *     both drivers here take as it is
 * @param sslRootCert the root certificate for verify-ca/verify-full (DBRACE_DB_SSLROOTCERT), or null
 *     for the driver's default
 * @param slowQuery /notifications' slow source: true for the slow_world scan (DBRACE_SLOW_SOURCE=query),
 *     false for pg_sleep (sleep, or unset: the contract before the slow table)
 * @param mongoUrl the MongoDB /notifications reads its notifications from (DBRACE_MONGO_URL), or null:
 *     then its second source is the fortune query. It may hold a password: never printed
 */
record ServiceEnv(String httpHost, int httpPort, String dbHost, int dbPort, String dbName,
    String dbUser, String dbPassword, int pool, String remoteUrl, String applicationName, String sslMode,
    String sslRootCert, boolean slowQuery, String mongoUrl) {

  /** libpq's sslmode words. */
  static final List<String> SSL_MODES = List.of("disable", "allow", "prefer", "require",
      "verify-ca", "verify-full");

  /** @throws IllegalArgumentException naming the variable that is missing or malformed */
  static ServiceEnv from(Map<String, String> env) {
    String engine = required(env, "DBRACE_DB_ENGINE");
    if (!engine.equals("postgresql")) {
      throw new IllegalArgumentException(
          "DBRACE_DB_ENGINE is '" + engine + "'; the Spring service supports only postgresql");
    }
    String remote = required(env, "DBRACE_REMOTE_URL");
    while (remote.endsWith("/")) {
      remote = remote.substring(0, remote.length() - 1);
    }
    return new ServiceEnv(
        required(env, "DBRACE_HTTP_HOST"),
        integer(env, "DBRACE_HTTP_PORT", 1, 65535),
        required(env, "DBRACE_DB_HOST"),
        integer(env, "DBRACE_DB_PORT", 1, 65535),
        required(env, "DBRACE_DB_NAME"),
        required(env, "DBRACE_DB_USER"),
        env.getOrDefault("DBRACE_DB_PASSWORD", ""), // empty: trust authentication
        integer(env, "DBRACE_POOL", 1, 10_000),
        remote,
        env.getOrDefault("DBRACE_APPLICATION_NAME", "dbrace-service-spring"),
        sslMode(env),
        blankToNull(env.get("DBRACE_DB_SSLROOTCERT")),
        slowQuery(env),
        blankToNull(env.get("DBRACE_MONGO_URL")));
  }

  private static boolean slowQuery(Map<String, String> env) {
    String s = env.getOrDefault("DBRACE_SLOW_SOURCE", "sleep");
    if (!s.equals("query") && !s.equals("sleep")) {
      throw new IllegalArgumentException("DBRACE_SLOW_SOURCE is '" + s + "', not query or sleep");
    }
    return s.equals("query");
  }

  private static String sslMode(Map<String, String> env) {
    String mode = env.getOrDefault("DBRACE_DB_SSLMODE", "prefer");
    if (!SSL_MODES.contains(mode)) {
      throw new IllegalArgumentException("DBRACE_DB_SSLMODE is '" + mode + "', not one of " + SSL_MODES);
    }
    return mode;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  /** {@code user@host:port/db}: safe to print. */
  String dbDescription() {
    return dbUser + "@" + dbHost + ":" + dbPort + "/" + dbName;
  }

  @Override
  public String toString() {
    return "ServiceEnv[http=" + httpHost + ":" + httpPort + ", db=" + dbDescription() + ", pool="
        + pool + ", remote=" + remoteUrl + ", applicationName=" + applicationName + ", sslmode=" + sslMode
        + ", slow=" + (slowQuery ? "query" : "sleep") + ", mongo=" + (mongoUrl == null ? "none" : "set") + "]";
  }

  private static String required(Map<String, String> env, String name) {
    String v = env.get(name);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException(name + " is not set");
    }
    return v;
  }

  private static int integer(Map<String, String> env, String name, int min, int max) {
    String v = required(env, name);
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " is '" + v + "', not an integer");
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(name + " is " + n + ", not in " + min + ".." + max);
    }
    return n;
  }
}
