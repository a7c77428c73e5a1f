package dev.dbrace.services.spring;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.dbrace.services.spring.Rows.Fortune;
import dev.dbrace.services.spring.Rows.Remote;
import dev.dbrace.services.spring.Rows.World;
import java.util.List;

/**
 * One of the three objects of {@code /notifications/{user}}, tagged with its source. Jackson
 * serialises each by its runtime record type, so a list or stream of them needs no type info.
 */
sealed interface Notification {
  /**
   * "slow", "mongo" (or "fortune") or "remote". Declared here too because WebFlux asks Jackson whether it can
   * write the element type Notification at all, and an interface without properties cannot be.
   */
  @JsonProperty
  String source();

  /** {@code {"source":"slow","id":…,"randomNumber":…}} */
  record Slow(String source, int id, int randomNumber) implements Notification {
    Slow(World w) {
      this("slow", w.id(), w.randomNumber());
    }
  }

  /** {@code {"source":"fortune","id":…,"message":…}} */
  record FortuneNote(String source, int id, String message) implements Notification {
    FortuneNote(Fortune f) {
      this("fortune", f.id(), f.message());
    }
  }

  /** {@code {"source":"mongo","user":…,"messages":[…]}}: the user's notifications seq 1..3, in seq order. */
  record MongoNote(String source, int user, List<String> messages) implements Notification {
    MongoNote(int user, List<String> messages) {
      this("mongo", user, List.copyOf(messages));
    }
  }

  /** {@code {"source":"remote","user":…,"delayMs":…}} */
  record RemoteNote(String source, int user, int delayMs) implements Notification {
    RemoteNote(Remote r) {
      this("remote", r.user(), r.delayMs());
    }
  }
}
