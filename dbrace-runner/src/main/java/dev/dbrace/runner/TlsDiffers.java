package dev.dbrace.runner;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A warning when a race's runs did not connect alike: TLS costs about a third of the throughput on
 * a small query, so a race whose runs differ in TLS compares the encryption as much as the stacks.
 * What counts is what the server saw ({@link RunRecord#tls()}), not what the stacks were asked.
 */
public final class TlsDiffers {
  private TlsDiffers() {}

  /**
   * One line naming the stacks (or services) under each TLS reading when the runs' readings differ
   * or one run's connections were mixed, else empty; runs without a reading are left out.
   */
  public static Optional<String> line(List<RunRecord> runs) {
    Map<Tls, Set<String>> byTls = new TreeMap<>();
    for (RunRecord r : runs) {
      if (r.probes().tls() != null) {
        byTls.computeIfAbsent(r.probes().tls(), t -> new LinkedHashSet<>()).add(r.stack());
      }
    }
    if (byTls.size() < 2 && !byTls.containsKey(Tls.MIXED)) {
      return Optional.empty();
    }
    return Optional.of("TLS DIFFERS between runs (their connections, as the server saw them): "
        + byTls.entrySet().stream().map(e -> "TLS " + e.getKey().label() + ": " + String.join(", ", e.getValue()))
            .collect(Collectors.joining("; "))
        + " - the figures compare encryption as well as stacks; set sslmode in --url");
  }
}
