package dev.dbrace.runner.service;

import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.Replicas;
import dev.dbrace.runner.UserError;
import dev.dbrace.service.host.ServiceDescriptor;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The service variants under {@code <home>/services/*}, each module described by its
 * {@code dbrace-service.properties} (docs/service-contract.md, read by dbrace-service-host), and
 * how dbrace starts one: a Node module's packages installed first, an unbuilt or failing variant
 * the user's error or the run's failure, said in dbrace's words.
 */
public final class ServiceCatalog {
  private final Map<String, ServiceVariant> variants = new LinkedHashMap<>();

  private ServiceCatalog() {}

  public static ServiceCatalog discover(Path home) {
    ServiceCatalog c = new ServiceCatalog();
    Path folder = home.resolve("services");
    if (Files.isDirectory(folder)) {
      try (Stream<Path> modules = Files.list(folder).sorted()) {
        for (Path m : (Iterable<Path>) modules::iterator) {
          if (Files.isRegularFile(m.resolve(ServiceDescriptor.FILE))) {
            c.variants.putAll(ServiceDescriptor.read(m));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (IllegalArgumentException e) {
        throw new UserError(e.getMessage()); // a descriptor that names no main, jar or script
      }
    }
    return c;
  }

  public List<ServiceVariant> variants() {
    return List.copyOf(variants.values());
  }

  /** The named variant, or a one-line error listing the known ones. */
  public ServiceVariant get(String name) {
    ServiceVariant v = variants.get(Replicas.base(name));
    if (v == null) {
      throw new UserError("unknown service '" + name + "' (known: "
          + (variants.isEmpty() ? "none built" : String.join(", ", variants.keySet())) + ")");
    }
    return v;
  }

  /**
   * Starts the variant ({@link ServiceProcess#start}, its output in {@code runDir}) and returns once
   * it answers /health. A variant that exits or stays silent fails the run with its output's last
   * lines; one not built, or whose Node packages cannot be installed, is the user's error.
   */
  public static ServiceProcess startReady(ServiceVariant v, Path java, List<String> jvmArgs, ServiceProcess.Environment env,
      String applicationName, Path runDir) throws IOException, InterruptedException {
    if (v.isNode()) {
      NodeModules.ensure(v.name(), v.module(), runDir.resolve("npm-ci.log"));
    }
    String notBuilt = v.notBuilt();
    if (notBuilt != null) {
      throw new UserError(notBuilt + " (run ./dbrace build)");
    }
    return ready(ServiceProcess.start(v, java, jvmArgs, env, applicationName, runDir));
  }

  /**
   * {@code p} once it answers its health path; one that exits or stays silent is stopped and fails the run with its
   * output's last lines.
   */
  static ServiceProcess ready(ServiceProcess p) throws IOException, InterruptedException {
    try {
      p.awaitReady(ServiceProcess.READY_LIMIT);
      return p;
    } catch (ServiceProcess.NotReady e) {
      p.close();
      throw new RaceRunner.SubjectFailed(e.getMessage(), e.tail());
    } catch (IOException | InterruptedException | RuntimeException e) {
      p.close();
      throw e;
    }
  }
}
