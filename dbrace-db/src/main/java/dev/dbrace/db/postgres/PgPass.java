package dev.dbrace.db.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Looks a password up in a libpq password file ({@code ~/.pgpass}): lines of
 * {@code host:port:database:user:password}, where a field that is exactly {@code *} matches
 * anything, {@code \:} and {@code \\} are escapes, and the first matching line wins. Stateless,
 * hence thread-safe.
 */
public final class PgPass {

  private PgPass() {}

  /** Empty when the file is absent, unreadable or has no matching line (as libpq: no error). */
  public static Optional<String> lookup(Path file, String host, int port, String database, String user) {
    if (file == null || !Files.isReadable(file)) {
      return Optional.empty();
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
    String[] wanted = {host, Integer.toString(port), database, user};
    for (String line : lines) {
      if (line.isBlank() || line.stripLeading().startsWith("#")) {
        continue;
      }
      List<Field> fields = split(line);
      if (fields.size() < 5) {
        continue; // libpq skips malformed lines too
      }
      boolean match = true;
      for (int i = 0; i < 4 && match; i++) {
        match = fields.get(i).wildcard() || fields.get(i).value().equals(wanted[i]);
      }
      if (match) {
        return Optional.of(fields.get(4).value());
      }
    }
    return Optional.empty();
  }

  /** One field, unescaped; {@code wildcard} only for a bare "*", so "\*" stays a literal star. */
  private record Field(String value, boolean wildcard) {}

  /** Splits on unescaped ':' into at most five fields; the fifth (password) takes the rest. */
  private static List<Field> split(String line) {
    List<Field> fields = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    StringBuilder raw = new StringBuilder();
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\' && i + 1 < line.length()) {
        cur.append(line.charAt(++i));
        raw.append('\\').append(line.charAt(i));
      } else if (c == ':' && fields.size() < 4) {
        fields.add(new Field(cur.toString(), raw.toString().equals("*")));
        cur.setLength(0);
        raw.setLength(0);
      } else {
        cur.append(c);
        raw.append(c);
      }
    }
    fields.add(new Field(cur.toString(), raw.toString().equals("*")));
    return fields;
  }
}
