package dev.dbrace.core.spi;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The database engine a race runs on. Stacks declare the engines they speak
 * ({@link StackProvider#engines()}); the runner refuses other combinations before anything starts.
 */
public enum Engine {
  POSTGRESQL("postgresql", "PostgreSQL"),
  FIREBIRD("firebird", "Firebird"),
  MARIADB("mariadb", "MariaDB");

  private final String id;
  private final String label;

  Engine(String id, String label) {
    this.id = id;
    this.label = label;
  }

  /** The lower-case name used on the command line and in URLs, e.g. {@code firebird}. */
  public String id() {
    return id;
  }

  /** The product name for people, e.g. {@code Firebird}. */
  public String label() {
    return label;
  }

  /**
   * The JDBC URL without credentials. Firebird's database is a path or an alias: an absolute path
   * gives {@code jdbc:firebird://host:port//path/db.fdb}.
   */
  public String jdbcUrl(String host, int port, String database) {
    String h = host.contains(":") ? "[" + host + "]" : host;
    return switch (this) {
      case POSTGRESQL -> "jdbc:postgresql://" + h + ":" + port + "/" + database;
      case FIREBIRD -> "jdbc:firebird://" + h + ":" + port + "/" + database;
      case MARIADB -> "jdbc:mariadb://" + h + ":" + port + "/" + database;
    };
  }

  /**
   * The engine a URL's scheme names: {@code firebird:}, {@code mariadb:} or {@code mysql:} (also
   * after {@code jdbc:}); PostgreSQL for anything else, including URLs written before the other
   * engines existed (the URL parser rejects what it cannot read).
   */
  public static Engine ofUrl(String url) {
    String lower = url.strip().toLowerCase(Locale.ROOT);
    if (lower.startsWith("firebird:")) {
      return FIREBIRD;
    }
    return lower.matches("^(jdbc:)?(mariadb|mysql):.*") ? MARIADB : POSTGRESQL;
  }

  /** By {@link #id()}, case-insensitive; a one-line error naming the known ones otherwise. */
  public static Engine of(String id) {
    for (Engine e : values()) {
      if (e.id.equalsIgnoreCase(id == null ? "" : id.strip())) {
        return e;
      }
    }
    throw new IllegalArgumentException("unknown engine '" + id + "' (known: "
        + Arrays.stream(values()).map(Engine::id).collect(Collectors.joining(", ")) + ")");
  }

  @Override
  public String toString() {
    return id.toLowerCase(Locale.ROOT);
  }
}
