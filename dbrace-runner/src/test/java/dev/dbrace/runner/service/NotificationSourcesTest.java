package dev.dbrace.runner.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.runner.UserError;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * E4's sources as a race or {@code dbrace serve} opens them, for a variant whose descriptor keeps the fortune
 * query (the contract's default second source): what is refused, said and given to the variant. Nothing is started:
 * no variant here reads MongoDB, and the slow source is pg_sleep.
 */
class NotificationSourcesTest {
  private static final ServiceVariant FORTUNE = new ServiceVariant("fortune-only", "a variant without a MongoDB client",
      "java", "Main", List.of(), List.of("postgresql"), Path.of("."), List.of("disable"), false);
  private static final NotificationSources.Options SLEEP = new NotificationSources.Options(null, null, "sleep");

  @Test
  void mongoSettingsForVariantsThatReadNoMongoDbAreRefused() {
    UserError e = assertThrows(UserError.class, () -> NotificationSources.open(List.of(FORTUNE),
        new NotificationSources.Options("mongodb://127.0.0.1:1/", null, null), m -> { }));
    assertTrue(e.getMessage().startsWith("--mongo-url is for variants that read MongoDB (second-source = mongo), and none of "
        + "fortune-only does"), e.getMessage());
    UserError docs = assertThrows(UserError.class, () -> NotificationSources.open(Endpoints.forEndpoint("/notifications"),
        List.of(FORTUNE), new NotificationSources.Options(null, 3000L, null), m -> { }));
    assertTrue(docs.getMessage().startsWith("--mongo-docs is for variants that read MongoDB"), docs.getMessage());
  }

  @Test
  void settingsForAnEndpointThatReadsNoSourcesAreRefusedAndNothingIsOpened() {
    UserError e = assertThrows(UserError.class, () -> NotificationSources.open(Endpoints.forEndpoint("/db"), List.of(FORTUNE),
        SLEEP, m -> { }));
    assertEquals("--slow-source sets E4's /notifications sources, but endpoint /db does not read them", e.getMessage());
    assertNull(NotificationSources.open(Endpoints.forEndpoint("/db"), List.of(FORTUNE), new NotificationSources.Options(null,
        null, null), m -> { }));
  }

  @Test
  void aFortuneVariantGetsTheSlowSourceAndNoMongoUrlAndIsNamedOnce() {
    List<String> said = new ArrayList<>();
    try (NotificationSources s = NotificationSources.open(List.of(FORTUNE), SLEEP, said::add)) {
      assertEquals(List.of("fortune-only has no MongoDB client here: its second /notifications source stays the fast fortune"
          + " query"), said);
      var base = new ServiceProcess.Environment("127.0.0.1", 5432, "postgres", "postgres", "pw", 4, "http://127.0.0.1:9");
      ServiceProcess.Environment env = s.environment(base, FORTUNE);
      assertEquals("sleep", env.slowSource());
      assertNull(env.mongoUrl());
      assertEquals(base.withDataSources("sleep", null), env, "the rest as given");
      assertEquals("pg_sleep (--slow-source sleep), the fortune query", s.describe(FORTUNE));
      assertEquals(List.of("fortune-only"), s.record().fortuneVariants());
      assertNull(s.record().mongoServer());
    }
  }
}
