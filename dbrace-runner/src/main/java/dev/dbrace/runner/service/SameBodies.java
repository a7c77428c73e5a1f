package dev.dbrace.runner.service;

import dev.dbrace.core.result.RunRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Whether every variant sent the same bytes for an endpoint with a fixed answer (E5's /relations,
 * which compared bytes transferred): the generator records each run's body size and SHA-256 among
 * its versions ({@code body-bytes}, {@code body-sha256}), and within a run any other body is an error.
 */
public final class SameBodies {
  public static final String BYTES = "body-bytes";
  public static final String SHA256 = "body-sha256";

  private SameBodies() {}

  /** One line about the runs that recorded a body, or empty when none did. */
  public static Optional<String> line(List<RunRecord> runs) {
    Map<String, String> byVariant = new LinkedHashMap<>();
    for (RunRecord r : runs) {
      Map<String, String> v = r.result().versions();
      if (v != null && v.containsKey(SHA256)) {
        byVariant.putIfAbsent(r.stack(), v.get(BYTES) + " bytes, sha256 " + v.get(SHA256).substring(0, 16));
      }
    }
    if (byVariant.isEmpty()) {
      return Optional.empty();
    }
    if (byVariant.values().stream().distinct().count() == 1) {
      return Optional.of("same answer: every answer of all " + byVariant.size() + " variants was the same "
          + byVariant.values().iterator().next() + "…");
    }
    return Optional.of("answers DIFFER between variants (within each run every answer was its first's): "
        + byVariant.entrySet().stream().map(e -> e.getKey() + " " + e.getValue() + "…").collect(Collectors.joining("; ")));
  }
}
