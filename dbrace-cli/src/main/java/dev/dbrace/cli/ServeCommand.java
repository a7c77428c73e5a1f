package dev.dbrace.cli;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.runner.DatabaseSession;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.inputs.RaceResolution;
import dev.dbrace.runner.inputs.StackChecks;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.service.host.RemoteStub;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbrace serve <variant>}: one service variant kept up, on the embedded PostgreSQL (or
 * {@code --url}) with dbrace's remote stub, for curl, wrk, ab or the bench scripts. Stops on
 * SIGINT/SIGTERM or after {@code --for}, and takes the service down with it.
 */
@Command(name = "serve", description = "Start one service variant (with its database and remote stub) and keep it running.",
    mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = DefaultValues.class)
final class ServeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "VARIANT", description = "The service variant, e.g. vertx-web (see dbrace list).")
  String variant;

  @Option(names = "--url", description = "Your PostgreSQL (postgresql://user@host:port/db); default: the embedded one.")
  String url;

  @Option(names = "--pool", description = "The service's connection pool size (default: ${DEFAULT-VALUE}).")
  int pool;

  @Option(names = "--remote-delay",
      description = "Delay of dbrace's remote stub in ms, MIN-MAX (default: ${DEFAULT-VALUE}).")
  String remoteDelay;

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
    int[] delay = RaceOptions.range(remoteDelay, "--remote-delay");
    ServiceVariant v = ServiceCatalog.discover(Home.dir()).get(variant);
    String cannot = v.cannotConnect(StackChecks.tlsTarget(url, Engine.POSTGRESQL));
    UserError.require(cannot == null, cannot);
    Path dir = logDir != null ? Files.createDirectories(logDir) : Files.createTempDirectory("dbrace-serve-");
    List<String> jvm = RaceResolution.workerJvmArgs(List.of());
    try (DatabaseSession db = DatabaseSession.open(url, Home.cacheDir(), msg -> System.err.println("dbrace: " + msg));
        RemoteStub remote = RemoteStub.start(delay[0], delay[1])) {
      var t = db.target();
      var env = ServiceProcess.Environment.of(t, pool, remote.url());
      try (ServiceProcess p = ServiceCatalog.startReady(v, Path.of(System.getProperty("java.home"), "bin", "java"), jvm,
          env, "dbrace-serve-" + variant, dir)) {
        if (urlFile != null) {
          Files.writeString(urlFile, "URL=" + p.url() + "\nPID=" + p.pid() + "\n");
        }
        System.err.println("dbrace: " + variant + " serving on " + p.url() + " (pid " + p.pid() + ", log " + dir.resolve("service.log")
            + ") over " + t.redactedUrl() + "; Ctrl-C stops it");
        Thread.sleep(forMs);
      } catch (RaceRunner.SubjectFailed e) { // it exited or stayed silent: its last lines, then dbrace's one-line error
        e.tail.forEach(l -> System.err.println("    | " + l));
        throw new UserError(e.getMessage());
      }
    }
    return 0;
  }
}
