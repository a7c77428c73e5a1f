package dev.dbrace.db;

import dev.dbrace.core.spi.Engine;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Splits {@code postgresql://}, {@code postgres://}, {@code jdbc:postgresql://},
 * {@code mariadb://}, {@code mysql://} (and their {@code jdbc:} forms) and {@code firebird://} URLs
 * into their parts (for Firebird, the database is everything after the first '/' following host
 * and port: {@code //path/db.fdb} gives {@code /path/db.fdb}). Parsed by hand rather than with
 * {@link java.net.URI}, which rejects the unencoded characters people put in passwords. Stateless, hence thread-safe.
 */
final class TargetUrl {

  /**
   * What the URL says; null where it says nothing, so the caller can apply the defaults.
   *
   * @param sslmode the {@code sslmode} parameter as written (checked by the caller, which knows the defaults)
   * @param sslrootcert the {@code sslrootcert} parameter: a file path
   */
  record Parts(String host, Integer port, String database, String user, String password,
      Engine engine, String sslmode, String sslrootcert) {}

  /** The TLS parameters dbrace carries to every stack; any other ssl* parameter is refused, not dropped. */
  static final Set<String> TLS_PARAMETERS = Set.of("sslmode", "sslrootcert");

  private TargetUrl() {}

  static Parts parse(String url) {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("empty PostgreSQL URL");
    }
    String s = url.strip();
    String lower = s.toLowerCase(Locale.ROOT);
    String rest;
    Engine engine = Engine.POSTGRESQL;
    if (lower.startsWith("firebird://")) {
      rest = s.substring("firebird://".length());
      engine = Engine.FIREBIRD;
    } else if (lower.startsWith("mariadb://") || lower.startsWith("mysql://")) {
      rest = s.substring(s.indexOf("://") + 3);
      engine = Engine.MARIADB;
    } else if (lower.startsWith("jdbc:mariadb://") || lower.startsWith("jdbc:mysql://")) {
      rest = s.substring(s.indexOf("://") + 3);
      engine = Engine.MARIADB;
    } else if (lower.startsWith("postgresql://")) {
      rest = s.substring("postgresql://".length());
    } else if (lower.startsWith("postgres://")) {
      rest = s.substring("postgres://".length());
    } else if (lower.startsWith("jdbc:postgresql://")) {
      rest = s.substring("jdbc:postgresql://".length());
    } else {
      throw bad(url, "expected postgresql://user@host:port/db, jdbc:postgresql://host:port/db,"
          + " mariadb://user@host:port/db or firebird://user@host:port//path/db.fdb");
    }
    int q = rest.indexOf('?');
    String query = q < 0 ? "" : rest.substring(q + 1);
    String main = q < 0 ? rest : rest.substring(0, q);
    // The last '@' ends the user info, so an unencoded '@' in a password still parses.
    int at = main.lastIndexOf('@');
    String userInfo = at < 0 ? null : main.substring(0, at);
    String hostPath = at < 0 ? main : main.substring(at + 1);
    int slash = hostPath.indexOf('/');
    String hostPort = slash < 0 ? hostPath : hostPath.substring(0, slash);
    String db = slash < 0 ? null : decode(url, hostPath.substring(slash + 1));
    String user = null;
    String password = null;
    String sslmode = null;
    String sslrootcert = null;
    if (userInfo != null) {
      int colon = userInfo.indexOf(':');
      user = decode(url, colon < 0 ? userInfo : userInfo.substring(0, colon));
      password = colon < 0 ? null : decode(url, userInfo.substring(colon + 1));
    }
    for (String param : query.split("&")) {
      int eq = param.indexOf('=');
      String key = eq < 0 ? param : param.substring(0, eq);
      String value = eq < 0 ? "" : decode(url, param.substring(eq + 1));
      switch (key) {
        case "user" -> user = value;
        case "password" -> password = value;
        case "dbname" -> db = value;
        case "sslmode" -> sslmode = value;
        case "sslrootcert" -> sslrootcert = value;
        default -> {
          // A TLS setting the stacks would not all get would make them connect differently.
          if (key.toLowerCase(Locale.ROOT).startsWith("ssl")) {
            throw bad(url, "parameter " + key + " is not supported (dbrace gives every stack "
                + String.join(" and ", new TreeSet<>(TLS_PARAMETERS)) + " only)");
          }
          // ApplicationName and the like: not ours to interpret
        }
      }
    }
    if (hostPort.contains(",")) {
      throw bad(url, "several hosts are not supported");
    }
    String host;
    String portText = null;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      if (close < 0) {
        throw bad(url, "unclosed '[' in the host");
      }
      host = hostPort.substring(1, close);
      String after = hostPort.substring(close + 1);
      if (!after.isEmpty() && !after.startsWith(":")) {
        throw bad(url, "unexpected text after the IPv6 address");
      }
      portText = after.isEmpty() ? null : after.substring(1);
    } else {
      int colon = hostPort.indexOf(':');
      if (colon >= 0 && hostPort.indexOf(':', colon + 1) >= 0) {
        throw bad(url, "an IPv6 host must be written in brackets, e.g. [::1]");
      }
      host = colon < 0 ? hostPort : hostPort.substring(0, colon);
      portText = colon < 0 ? null : hostPort.substring(colon + 1);
    }
    host = decode(url, host);
    Integer port = portText == null || portText.isEmpty() ? null : port(url, portText);
    return new Parts(host.isEmpty() ? "localhost" : host, port, blankToNull(db), blankToNull(user),
        password, engine, sslmode, sslrootcert);
  }

  /**
   * The URL with any password (user info or query parameter) replaced by "***". Deliberately
   * greedy: it blanks everything from the first ':' after the scheme to the last '@', so a
   * password with unencoded '?', '/' or '@' in it (which also confuses the parser) never leaks
   * into an error message.
   */
  static String redact(String url) {
    if (url == null) {
      return "";
    }
    String s = url.strip();
    int scheme = s.indexOf("://");
    if (scheme >= 0) {
      int at = s.lastIndexOf('@');
      int colon = s.indexOf(':', scheme + 3);
      if (at > scheme && colon > 0 && colon < at) {
        s = s.substring(0, colon + 1) + "***" + s.substring(at);
      }
    }
    return s.replaceAll("(?i)([?&]password=)[^&]*", "$1***");
  }

  private static Integer port(String url, String text) {
    if (!text.matches("[0-9]{1,5}") || Integer.parseInt(text) < 1 || Integer.parseInt(text) > 65535) {
      // The text itself is not echoed: a mis-parsed URL may have put part of a password here.
      throw bad(url, "the port is not a number in 1..65535");
    }
    return Integer.parseInt(text);
  }

  /** Percent-decoding without URLDecoder's '+' to space rule, which only applies to forms. */
  private static String decode(String url, String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int i = 0;
    while (i < s.length()) {
      int pct = s.indexOf('%', i);
      int end = pct < 0 ? s.length() : pct;
      out.writeBytes(s.substring(i, end).getBytes(StandardCharsets.UTF_8));
      if (pct < 0) {
        break;
      }
      if (pct + 2 >= s.length() || !isHex(s.charAt(pct + 1)) || !isHex(s.charAt(pct + 2))) {
        throw bad(url, "malformed %-escape");
      }
      out.write(Integer.parseInt(s.substring(pct + 1, pct + 3), 16));
      i = pct + 3;
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static IllegalArgumentException bad(String url, String why) {
    return new IllegalArgumentException(
        DbException.oneLine("malformed " + Engine.ofUrl(url).label() + " URL '" + redact(url) + "': " + why));
  }
}
