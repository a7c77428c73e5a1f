package dev.dbrace.cli;

import dev.dbrace.runner.service.NotificationSources;
import picocli.CommandLine.Option;

/**
 * E4's {@code /notifications} sources as the user sets them: the remote stub's delay, the MongoDB and the
 * slow PostgreSQL source. A picocli mixin shared by the service level's racing commands ({@link ServiceLevel})
 * and {@code serve}, so that a variant kept up by hand reads what a race's would.
 */
final class SourceOptions {
  @Option(names = "--remote-delay",
      description = "Service level: delay of dbrace's remote stub in ms, MIN-MAX (default: ${DEFAULT-VALUE}).")
  String remoteDelay;

  @Option(names = "--mongo-url", description = "Service level, /notifications: your MongoDB (mongodb://...) for the variants that "
      + "read MongoDB, instead of the embedded FerretDB; the password, if any, is never printed.")
  String mongoUrl;

  @Option(names = "--mongo-docs", description = "Service level, /notifications: documents in the notifications collection, a "
      + "multiple of 1,000, at least 3,000 (default: 1,000,000, E4's size; loaded once, then kept in dbrace's cache).")
  Long mongoDocs;

  @Option(names = "--slow-source", description = "Service level, /notifications: the slow PostgreSQL source, query (a scan of "
      + "slow_world's 1 M rows, 30-200 ms) or sleep (pg_sleep of 30-200 ms) (default: query).")
  String slowSource;

  /** The remote stub's delay, {min, max} ms. */
  int[] remoteDelay() {
    return RaceOptions.range(remoteDelay, "--remote-delay");
  }

  /** The MongoDB and slow-source options as given (null where not; {@link NotificationSources.Options#given()}). */
  NotificationSources.Options options() {
    return new NotificationSources.Options(mongoUrl, mongoDocs, slowSource);
  }
}
