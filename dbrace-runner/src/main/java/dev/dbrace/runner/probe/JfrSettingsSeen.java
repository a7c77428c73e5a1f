package dev.dbrace.runner.probe;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;

/**
 * The Flight Recorder settings a file was recorded with, from its {@code jdk.ActiveSetting}
 * events: the summary uses the real sampling period for its running estimate and says which
 * thresholds its sums start from, rather than trusting that the file came from dbrace's settings
 * (a user may pass their own with {@code --jvm-arg}). Where several recordings ran at once, the
 * smallest period and threshold are the ones in force, and an event is on if any enabled it.
 */
public final class JfrSettingsSeen {
  private static final Pattern DURATION = Pattern.compile("(\\d{1,12})\\s*(ns|us|ms|s|m|h|d)");

  private record Setting(long typeId, String name, String value) {}

  private final List<Setting> settings = new ArrayList<>();

  void add(RecordedEvent activeSetting) {
    settings.add(new Setting(activeSetting.getLong("id"), activeSetting.getString("name"),
        activeSetting.getString("value")));
  }

  boolean isEmpty() {
    return settings.isEmpty();
  }

  /** The settings by event name, with {@code typeNames} mapping the file's event type ids. */
  Resolved resolve(Map<Long, String> typeNames) {
    Map<String, Map<String, List<String>>> byEvent = new HashMap<>();
    for (Setting s : settings) {
      String event = typeNames.get(s.typeId());
      if (event != null) {
        byEvent.computeIfAbsent(event, e -> new HashMap<>()).computeIfAbsent(s.name(), n -> new ArrayList<>())
            .add(s.value());
      }
    }
    return new Resolved(byEvent);
  }

  /** Settings of named events. */
  static final class Resolved {
    private final Map<String, Map<String, List<String>>> byEvent;

    private Resolved(Map<String, Map<String, List<String>>> byEvent) {
      this.byEvent = byEvent;
    }

    /** Whether the file says anything about this event at all. */
    boolean known(String event) {
      return byEvent.containsKey(event);
    }

    boolean enabled(String event) {
      return values(event, "enabled").contains("true");
    }

    /** The smallest duration-valued setting ("20 ms"); empty for "everyChunk", "off" or none. */
    Optional<Duration> smallest(String event, String setting) {
      return values(event, setting).stream().map(JfrSettingsSeen::parseDuration).flatMap(Optional::stream)
          .min(Duration::compareTo);
    }

    private List<String> values(String event, String setting) {
      return byEvent.getOrDefault(event, Map.of()).getOrDefault(setting, List.of());
    }
  }

  /** JFR's duration notation: "20 ms", "0 ns", "1 s". */
  static Optional<Duration> parseDuration(String value) {
    Matcher m = value == null ? null : DURATION.matcher(value.trim());
    if (m == null || !m.matches()) {
      return Optional.empty();
    }
    long n = Long.parseLong(m.group(1));
    return Optional.of(switch (m.group(2)) {
      case "ns" -> Duration.ofNanos(n);
      case "us" -> Duration.ofNanos(n * 1_000);
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofDays(n);
    });
  }
}
