package dev.dbrace.services.quarkus.common;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The race's TLS settings (the contract's {@code DBRACE_DB_SSLMODE}, libpq's words, prefer when
 * unset, and {@code DBRACE_DB_SSLROOTCERT}) as Quarkus datasource properties, with libpq's meaning
 * on both drivers: the modes that do not verify trust any certificate, verify-ca checks the chain
 * against the root certificate, verify-full the host name too. Stateless, hence thread-safe.
 */
public final class DbTls {
  /** libpq's sslmode words. */
  public static final List<String> MODES = List.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");

  private DbTls() {}

  /** pgjdbc (Agroal's JDBC datasource) takes libpq's words; its default root certificate is its own. */
  public static Map<String, String> jdbc(Map<String, String> env) {
    Map<String, String> p = new TreeMap<>();
    p.put("quarkus.datasource.jdbc.additional-jdbc-properties.sslmode", mode(env));
    String root = rootCert(env);
    if (root != null) {
      p.put("quarkus.datasource.jdbc.additional-jdbc-properties.sslrootcert", root);
    }
    return p;
  }

  /**
   * The Vert.x PG client's settings. It has no default root certificate: a verify mode without one
   * is refused (the service then fails its start in one line).
   */
  public static Map<String, String> reactive(Map<String, String> env) {
    String mode = mode(env);
    boolean verify = mode.startsWith("verify-");
    Map<String, String> p = new TreeMap<>();
    p.put("quarkus.datasource.reactive.postgresql.ssl-mode", mode);
    // every key in every mode: a value Quarkus recorded at build time must never decide a run's TLS
    p.put("quarkus.datasource.reactive.trust-all", Boolean.toString(!verify));
    p.put("quarkus.datasource.reactive.trust-certificate-pem", Boolean.toString(verify));
    p.put("quarkus.datasource.reactive.hostname-verification-algorithm", mode.equals("verify-full") ? "HTTPS" : "NONE");
    if (verify) {
      String root = rootCert(env);
      if (root == null) {
        throw new IllegalArgumentException("sslmode=" + mode + " needs DBRACE_DB_SSLROOTCERT (sslrootcert in dbrace's"
            + " --url): the Vert.x PG client has no default root certificate");
      }
      p.put("quarkus.datasource.reactive.trust-certificate-pem.certs", root);
    }
    return p;
  }

  private static String mode(Map<String, String> env) {
    String mode = env.getOrDefault("DBRACE_DB_SSLMODE", "prefer");
    if (!MODES.contains(mode)) {
      throw new IllegalArgumentException("DBRACE_DB_SSLMODE is '" + mode + "', not one of " + MODES);
    }
    return mode;
  }

  private static String rootCert(Map<String, String> env) {
    String root = env.get("DBRACE_DB_SSLROOTCERT");
    return root == null || root.isBlank() ? null : root;
  }
}
