package dev.dbrace.runner.service;

import dev.dbrace.runner.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The service variants under {@code <home>/services/*}, each module described by its
 * {@code dbrace-service.properties} (docs/service-contract.md). A Java variant runs on its module's
 * classpath ({@code target/classes} + {@code target/runtime.classpath}), or from the runnable jar its
 * build writes (a Quarkus fast-jar); a Node one with its script.
 */
public final class ServiceCatalog {
  static final String DESCRIPTOR = "dbrace-service.properties";

  /**
   * One variant: how to start it. {@code main} is the Java main class, the runnable jar (relative to
   * the module, {@link #isJar()}) or the Node script.
   */
  public record Variant(String name, String description, String runtime, String main, List<String> args,
      List<String> engines, Path module, List<String> sslmodes, boolean verifyNeedsRootCert) {

    /**
     * Why this variant cannot connect as {@code target} says (its descriptor's {@code sslmodes}, the
     * modes its driver can do, all of libpq's by default; {@code verify-needs-sslrootcert}, a driver
     * without default root certificates), or null when it can.
     */
    public String cannotConnect(dev.dbrace.db.DbTarget target) {
      if (target == null || target.sslMode() == null) {
        return null;
      }
      String mode = target.sslMode().libpq();
      if (!sslmodes.contains(mode)) {
        return "service " + name + " cannot do sslmode=" + mode + " (its driver's modes: " + String.join(", ", sslmodes) + ")";
      }
      if (verifyNeedsRootCert && target.sslMode().verifies() && target.sslRootCert() == null) {
        return "service " + name + " cannot do sslmode=" + mode + " without a root certificate (its driver has no"
            + " default one): add sslrootcert=FILE to --url";
      }
      return null;
    }

    /** A Java variant started with {@code java -jar}: its descriptor names a {@code jar}, not a {@code main}. */
    public boolean isJar() {
      return runtime.equals("java") && main.endsWith(".jar");
    }

    /** The Java variant's worker classpath; empty until its module is built. */
    public List<Path> classpath() {
      Path classes = module.resolve("target/classes");
      Path deps = module.resolve("target/runtime.classpath");
      if (!Files.isDirectory(classes) || !Files.isRegularFile(deps)) {
        return List.of();
      }
      List<Path> cp = new ArrayList<>(List.of(classes));
      try {
        String d = Files.readString(deps).trim();
        if (!d.isEmpty()) {
          Arrays.stream(d.split(java.io.File.pathSeparator)).map(Path::of).forEach(cp::add);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return cp;
    }
  }

  private final Map<String, Variant> variants = new LinkedHashMap<>();

  private ServiceCatalog() {}

  public static ServiceCatalog discover(Path home) {
    ServiceCatalog c = new ServiceCatalog();
    Path folder = home.resolve("services");
    if (Files.isDirectory(folder)) {
      try (Stream<Path> modules = Files.list(folder).sorted()) {
        for (Path m : (Iterable<Path>) modules::iterator) {
          if (Files.isRegularFile(m.resolve(DESCRIPTOR))) {
            c.load(m);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return c;
  }

  private void load(Path module) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(module.resolve(DESCRIPTOR))) {
      p.load(in);
    }
    for (String name : list(p.getProperty("variants", ""))) {
      String runtime = p.getProperty(name + ".runtime", "java").trim();
      String main = runtime.equals("node") ? p.getProperty(name + ".script", "").trim()
          : p.getProperty(name + ".main", p.getProperty(name + ".jar", "")).trim();
      if (main.isEmpty()) {
        throw new UserError(module.resolve(DESCRIPTOR) + ": variant " + name + " has no "
            + (runtime.equals("node") ? "script" : "main (or jar)"));
      }
      String args = p.getProperty(name + ".args", "").trim();
      variants.put(name, new Variant(name, p.getProperty(name + ".description", "").trim(), runtime, main,
          args.isEmpty() ? List.of() : List.of(args.split("\\s+")), list(p.getProperty(name + ".engines", "postgresql")),
          module, list(p.getProperty(name + ".sslmodes", String.join(",", LIBPQ_SSL_MODES))),
          Boolean.parseBoolean(p.getProperty(name + ".verify-needs-sslrootcert", "false").trim())));
    }
  }

  /** Every sslmode, the default of a descriptor's {@code sslmodes}. */
  private static final List<String> LIBPQ_SSL_MODES = java.util.Arrays.stream(dev.dbrace.core.spi.SslMode.values())
      .map(dev.dbrace.core.spi.SslMode::libpq).toList();

  private static List<String> list(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  public List<Variant> variants() {
    return List.copyOf(variants.values());
  }

  /** The named variant, or a one-line error listing the known ones. */
  public Variant get(String name) {
    Variant v = variants.get(name);
    if (v == null) {
      throw new UserError("unknown service '" + name + "' (known: "
          + (variants.isEmpty() ? "none built" : String.join(", ", variants.keySet())) + ")");
    }
    return v;
  }
}
