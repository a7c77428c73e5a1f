package dev.dbrace.core.spi;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a PostgreSQL connection negotiates TLS, in libpq's words ({@code sslmode}): every stack
 * translates it into its own driver's setting, so the stacks of a race connect the same way (left
 * to their defaults, pgjdbc would prefer TLS and R2DBC and Vert.x would go without, and TLS costs a
 * third of the throughput on a small query). The drivers (pgjdbc, r2dbc-postgresql, the Vert.x PG
 * client) all name these six modes the same way.
 */
public enum SslMode {
  /** No TLS. */
  DISABLE,
  /** Plain first; TLS only if the server insists. */
  ALLOW,
  /** TLS if the server offers it, else plain; the certificate is not checked. libpq's default. */
  PREFER,
  /** TLS or fail; the certificate is not checked. */
  REQUIRE,
  /** TLS, and the server's certificate must chain to the root certificate. */
  VERIFY_CA,
  /** As {@link #VERIFY_CA}, and the certificate must name the host. */
  VERIFY_FULL;

  /** What libpq does when nothing says otherwise. */
  public static final SslMode DEFAULT = PREFER;

  /** libpq's word: disable, allow, prefer, require, verify-ca, verify-full. */
  @JsonValue
  public String libpq() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Whether the server's certificate is checked against a root certificate. */
  public boolean verifies() {
    return this == VERIFY_CA || this == VERIFY_FULL;
  }

  /**
   * From libpq's word (exactly, as libpq takes it).
   *
   * @throws IllegalArgumentException naming the known modes
   */
  @JsonCreator
  public static SslMode of(String word) {
    for (SslMode m : values()) {
      if (m.libpq().equals(word)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown sslmode '" + word + "' (known: "
        + Arrays.stream(values()).map(SslMode::libpq).collect(Collectors.joining(", ")) + ")");
  }

  @Override
  public String toString() {
    return libpq();
  }
}
