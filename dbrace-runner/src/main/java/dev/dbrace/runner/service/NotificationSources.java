package dev.dbrace.runner.service;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.core.workload.NotificationData.SlowSource;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.mongo.MongoSource;
import dev.dbrace.db.mongo.NotificationsCollection;
import dev.dbrace.db.postgres.SlowTable;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.UserError;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * E4's data sources behind {@code /notifications} for one service race: the slow PostgreSQL source
 * ({@code slow_world} created and its query timed, or pg_sleep), and MongoDB when a raced variant
 * reads it (the embedded FerretDB, or {@code --mongo-url}), its collection loaded and its query timed.
 * Each set-up says in one line what it found and how fast the query is; race.json keeps the same
 * as {@code environment.data_sources}. Settings that a race would not use are refused, never dropped.
 * Not thread-safe; one owner, closed with the race.
 */
public final class NotificationSources implements AutoCloseable {
  /** How many times each source's query is timed at the start. */
  static final int SAMPLES = 5;

  /** The user's choices; null where not given. */
  public record Options(String mongoUrl, Long mongoDocuments, String slowSource) {
    /** The first option given ({@code --mongo-url}, {@code --mongo-docs}, {@code --slow-source}), or null. */
    public String given() {
      return mongoUrl != null ? "--mongo-url" : mongoDocuments != null ? "--mongo-docs" : slowSource != null ? "--slow-source" : null;
    }
  }

  private final SlowSource slow;
  private final MongoSource mongo;
  private final List<String> fortuneVariants;
  private Race.Latency slowLatency;

  private NotificationSources(SlowSource slow, MongoSource mongo, List<String> fortuneVariants) {
    this.slow = slow;
    this.mongo = mongo;
    this.fortuneVariants = fortuneVariants;
  }

  /** Whether the workload requests {@code /notifications} (alone, or in the mix of every endpoint). */
  public static boolean reads(WorkloadSpec workload) {
    return workload.mix().stream().flatMap(o -> o.statements().stream()).anyMatch(s -> s.sql().startsWith("/notifications"));
  }

  /**
   * Checks the options against what the race reads and, for /notifications, brings MongoDB up with
   * its collection when a variant reads it. Returns null when the workload does not read the
   * sources (an option given for them is then the user's error).
   */
  public static NotificationSources open(WorkloadSpec workload, List<ServiceVariant> variants, Options o, Consumer<String> log) {
    if (reads(workload)) {
      return open(variants, o, log);
    }
    checkMongoUrl(o);
    String given = o.given();
    if (given != null) {
      throw new UserError(given + " sets E4's /notifications sources, but endpoint " + workload.name() + " does not read them");
    }
    return null;
  }

  /**
   * As {@link #open(WorkloadSpec, List, Options, Consumer)} for variants that may be asked /notifications
   * whatever else they serve ({@code dbrace serve}): the options checked, MongoDB up when one of them reads it.
   */
  public static NotificationSources open(List<ServiceVariant> variants, Options o, Consumer<String> log) {
    checkMongoUrl(o);
    SlowSource slow;
    try {
      slow = o.slowSource() == null ? SlowSource.QUERY : SlowSource.of(o.slowSource());
    } catch (IllegalArgumentException e) {
      throw new UserError("--slow-source must be query or sleep, got '" + o.slowSource() + "'");
    }
    long docs = o.mongoDocuments() == null ? NotificationData.MONGO_DEFAULT_DOCUMENTS : o.mongoDocuments();
    String bad = NotificationsCollection.checkSize(docs);
    if (bad != null) {
      throw new UserError("--mongo-docs: " + bad);
    }
    List<String> mongoVariants = variants.stream().filter(ServiceVariant::readsMongo).map(ServiceVariant::name).toList();
    List<String> fortune = variants.stream().filter(v -> !v.readsMongo()).map(ServiceVariant::name).toList();
    if (mongoVariants.isEmpty() && (o.mongoUrl() != null || o.mongoDocuments() != null)) {
      throw new UserError((o.mongoUrl() != null ? "--mongo-url" : "--mongo-docs") + " is for variants that read MongoDB ("
          + "second-source = mongo), and none of " + String.join(", ", variants.stream().map(ServiceVariant::name).toList())
          + " does");
    }
    if (!fortune.isEmpty()) {
      log.accept(String.join(", ", fortune) + (fortune.size() == 1 ? " has" : " have")
          + " no MongoDB client here: " + (fortune.size() == 1 ? "its" : "their")
          + " second /notifications source stays the fast fortune query");
    }
    MongoSource mongo = null;
    if (!mongoVariants.isEmpty()) {
      try {
        mongo = o.mongoUrl() != null ? MongoSource.external(o.mongoUrl(), docs, SAMPLES, log)
            : MongoSource.embedded(docs, SAMPLES, log);
      } catch (DbException | IllegalArgumentException e) {
        throw new UserError(Secrets.redact(e.getMessage()));
      }
      log.accept(String.format("MongoDB: %s at %s, %,d notifications (%s); %s: %s", mongo.server(), mongo.redactedUrl(),
          mongo.documents(), loadWords(mongo), NotificationData.MONGO_QUERY, mongo.latency().describe()));
    }
    return new NotificationSources(slow, mongo, fortune);
  }

  /** A malformed --mongo-url is the user's error, said without its password; its password is kept out of all output. */
  private static void checkMongoUrl(Options o) {
    if (o.mongoUrl() == null) {
      return;
    }
    char[] password;
    try {
      password = MongoSource.parse(o.mongoUrl()).getPassword();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    if (password != null && password.length > 0) {
      Secrets.register(new String(password));
    }
  }

  private static String loadWords(MongoSource m) {
    String took = m.loadSeconds() == null ? "" : String.format(" in %.1f s", m.loadSeconds());
    return m.cached() ? "loaded before" + took + ", reused" : "loaded now" + took;
  }

  /**
   * On the race's database: creates {@code slow_world} when the slow source is the query, and times
   * it. Called once the database is up.
   */
  public void prepare(DbTarget target, Consumer<String> log) {
    if (target.engine() != Engine.POSTGRESQL) {
      return; // /notifications is PostgreSQL's only (the contract): the variants on other engines answer 404
    }
    if (slow != SlowSource.QUERY) {
      log.accept("slow source: pg_sleep (" + NotificationData.SLOW_SLEEP_SQL + ", 30-200 ms by user)");
      return;
    }
    try (Connection c = target.connect()) {
      SlowTable.ensure(c, log);
      slowLatency = SlowTable.time(c, SAMPLES);
    } catch (SQLException | DbException e) {
      throw new UserError(Secrets.redact(e.getMessage()));
    }
    log.accept(String.format("slow source: %s over %,d rows: %s", NotificationData.SLOW_QUERY_SQL, NotificationData.SLOW_ROWS,
        slowLatency.describe()));
  }

  public SlowSource slow() {
    return slow;
  }

  /**
   * {@code base} (the database, the pool, the remote stub) with what {@code v} reads for /notifications: the slow
   * source and, when it reads MongoDB, its URL. The one place a variant's E4 environment is made, for a race's runs and
   * for {@code dbrace serve} alike.
   */
  public ServiceProcess.Environment environment(ServiceProcess.Environment base, ServiceVariant v) {
    return base.withDataSources(slow.id(), mongoUrlFor(v));
  }

  /** What {@code v}'s /notifications reads besides the remote stub, in words, e.g. for {@code dbrace serve}'s start line. */
  public String describe(ServiceVariant v) {
    String first = slow == SlowSource.QUERY ? "the slow_world scan" : "pg_sleep";
    String second = mongoUrlFor(v) != null ? "MongoDB at " + mongo.redactedUrl() + " (" + mongo.server() + ", "
        + String.format("%,d", mongo.documents()) + " notifications)" : "the fortune query";
    return first + " (--slow-source " + slow.id() + "), " + second;
  }

  /** Null while the MongoDB a variant reads (if any) serves, else why not. */
  public String mongoGone() {
    return mongo == null ? null : mongo.gone();
  }

  /** The MongoDB URL for {@code v}, or null when it does not read MongoDB. */
  public String mongoUrlFor(ServiceVariant v) {
    return v.readsMongo() && mongo != null ? mongo.url() : null;
  }

  /** What race.json keeps: environment.data_sources. */
  public Race.DataSources record() {
    return new Race.DataSources(slow.id(), slow == SlowSource.QUERY ? NotificationData.SLOW_QUERY_SQL : NotificationData.SLOW_SLEEP_SQL,
        slowLatency, mongo == null ? null : mongo.redactedUrl(), mongo == null ? null : mongo.server(),
        mongo == null ? null : mongo.documents(), mongo == null ? null : NotificationData.MONGO_QUERY,
        mongo == null ? null : mongo.latency(), mongo == null ? null : mongo.loadSeconds(), mongo == null ? null : mongo.cached(),
        fortuneVariants);
  }

  /** Stops the embedded MongoDB, if one was started. */
  @Override
  public void close() {
    if (mongo != null) {
      mongo.close();
    }
  }
}
