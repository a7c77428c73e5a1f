package dev.dbrace.cli;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.runner.DatabaseSession;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.inputs.RaceResolution;
import dev.dbrace.runner.inputs.StackChecks;
import dev.dbrace.runner.service.NotificationSources;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.service.host.RemoteStub;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbrace serve <variant>}: one service variant kept up, on the embedded PostgreSQL (or
 * {@code --url}) with dbrace's remote stub, for curl, wrk, ab or the bench scripts. Every endpoint answers
 * as in a race: E4's /notifications sources are set up as serve-race sets them up for a race on it (the
 * same {@link NotificationSources}, the same environment), unless {@code --no-notifications}. Stops on
 * SIGINT/SIGTERM or after {@code --for}, and takes the service (and the embedded FerretDB) down with it.
 */
@Command(name = "serve", description = {"Start one service variant (with its database and remote stub) and keep it running.",
    "Every endpoint answers as in serve-race: for /notifications (E4) the slow_world table is created on the database "
        + "(a few seconds on the embedded one) and, for a variant that reads MongoDB, the embedded FerretDB is started "
        + "(or --mongo-url used; the first time on a machine it loads 1,000,000 documents, 1-2 minutes, then kept in "
        + "dbrace's cache); --slow-source sleep skips the table, --no-notifications both."},
    mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = DefaultValues.class)
final class ServeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "VARIANT", description = "The service variant, e.g. vertx-web (see dbrace list).")
  String variant;

  @Option(names = "--url", description = "Your PostgreSQL (postgresql://user@host:port/db); default: the embedded one.")
  String url;

  @Option(names = "--pool", description = "The service's connection pool size (default: ${DEFAULT-VALUE}).")
  int pool;

  /** The remote stub's delay and E4's sources, as serve-race takes them. */
  @Mixin SourceOptions sources;

  @Option(names = "--no-notifications", description = "Set up none of E4's /notifications sources (no slow_world, no "
      + "MongoDB): a quicker start for the other endpoints, and the environment a race on them gives the variant; "
      + "/notifications then reads pg_sleep and the fortune query.")
  boolean noNotifications;

  @Option(names = "--url-file", description = "Write the service's base URL and pid here once it answers /health.")
  Path urlFile;

  @Option(names = "--log-dir", description = "Folder for service.log (default: a temporary folder).")
  Path logDir;

  @Option(names = "--for", converter = DurationConverter.class, defaultValue = "1h",
      description = "Stop by itself after this long (default: ${DEFAULT-VALUE}).")
  long forMs;

  @Override
  public Integer call() throws Exception {
    UserError.require(pool >= 1 && pool <= Defaults.POOL_MAX, "--pool must be 1.." + Defaults.POOL_MAX + ", got " + pool);
    int[] delay = sources.remoteDelay();
    String unused = sources.options().given();
    UserError.require(!noNotifications || unused == null, unused + " sets E4's /notifications sources, which --no-notifications"
        + " leaves out");
    ServiceVariant v = ServiceCatalog.discover(Home.dir()).get(variant);
    String cannot = v.cannotConnect(StackChecks.tlsTarget(url, Engine.POSTGRESQL));
    UserError.require(cannot == null, cannot);
    List<String> jvm = RaceResolution.workerJvmArgs(List.of());
    Consumer<String> log = msg -> System.err.println("dbrace: " + msg);
    try (NotificationSources e4 = noNotifications ? null : NotificationSources.open(List.of(v), sources.options(), log);
        DatabaseSession db = DatabaseSession.open(url, Home.cacheDir(), log);
        RemoteStub remote = RemoteStub.start(delay[0], delay[1])) {
      Path dir = logDir != null ? Files.createDirectories(logDir) : Files.createTempDirectory("dbrace-serve-");
      var t = db.target();
      var env = ServiceProcess.Environment.of(t, pool, remote.url());
      if (e4 != null) {
        e4.prepare(t, log); // the slow table, as a race on /notifications makes it
        env = e4.environment(env, v);
      }
      try (ServiceProcess p = ServiceCatalog.startReady(v, Path.of(System.getProperty("java.home"), "bin", "java"), jvm,
          env, "dbrace-serve-" + variant, dir)) {
        if (urlFile != null) {
          Files.writeString(urlFile, "URL=" + p.url() + "\nPID=" + p.pid() + "\n");
        }
        log.accept(variant + " serving on " + p.url() + " (pid " + p.pid() + ", log " + dir.resolve("service.log") + ") over "
            + t.redactedUrl() + "; /notifications reads " + (e4 == null ? "pg_sleep, the fortune query (--no-notifications)"
            : e4.describe(v)) + " and the remote stub at " + remote.url() + " (" + delay[0] + "-" + delay[1] + " ms); Ctrl-C stops it");
        Thread.sleep(forMs);
      } catch (RaceRunner.SubjectFailed e) { // it exited or stayed silent: its last lines, then dbrace's one-line error
        e.tail.forEach(l -> System.err.println("    | " + l));
        throw new UserError(e.getMessage());
      }
    }
    return 0;
  }
}
