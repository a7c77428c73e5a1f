package dev.dbrace.services.spring;

import java.util.Map;

/**
 * The service's whole configuration: the contract's {@code DBRACE_*} environment variables, read
 * once and checked. {@link #toString()} and every error message leave the password out.
 *
 * @param remoteUrl base URL of the remote stub, without a trailing slash
 */
record ServiceEnv(String httpHost, int httpPort, String dbHost, int dbPort, String dbName,
    String dbUser, String dbPassword, int pool, String remoteUrl, String applicationName) {

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
        env.getOrDefault("DBRACE_APPLICATION_NAME", "dbrace-service-spring"));
  }

  /** {@code user@host:port/db}: safe to print. */
  String dbDescription() {
    return dbUser + "@" + dbHost + ":" + dbPort + "/" + dbName;
  }

  @Override
  public String toString() {
    return "ServiceEnv[http=" + httpHost + ":" + httpPort + ", db=" + dbDescription() + ", pool="
        + pool + ", remote=" + remoteUrl + ", applicationName=" + applicationName + "]";
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
