package dev.dbrace.service.host;

import dev.dbrace.db.DbTarget;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One service variant as its module's descriptor gives it ({@link ServiceDescriptor}): how to start
 * it and what it can connect to. {@code main} is the Java main class, the runnable jar (relative to
 * the module, {@link #isJar()}) or the Node script; {@code module} is the module's folder.
 * {@code firebirdAddon}: on Firebird the variant runs on the Node {@code firebird} addon (libfbclient),
 * an optional package built only where Firebird's client headers are, which takes passwords of at most
 * {@link #FIREBIRD_ADDON_PASSWORD_BYTES} bytes. Immutable.
 */
public record ServiceVariant(String name, String description, String runtime, String main, List<String> args,
    List<String> engines, Path module, List<String> sslmodes, boolean verifyNeedsRootCert, String secondSource,
    boolean firebirdAddon) {
  /** E4's second source: MongoDB, or (variants without a MongoDB client here) the fortune query. */
  public static final String MONGO = "mongo";
  public static final String FORTUNE = "fortune";

  /** The addon cuts longer passwords to this many bytes ({@code MAX_PASSWORD_LENGTH} in its connection code). */
  public static final int FIREBIRD_ADDON_PASSWORD_BYTES = 20;

  public ServiceVariant {
    args = List.copyOf(args);
    engines = List.copyOf(engines);
    sslmodes = List.copyOf(sslmodes);
    secondSource = secondSource == null ? FORTUNE : secondSource;
    if (!secondSource.equals(MONGO) && !secondSource.equals(FORTUNE)) {
      throw new IllegalArgumentException("variant " + name + ": second-source must be mongo or fortune, got " + secondSource);
    }
  }

  /** A variant whose /notifications reads the fortune query as its second source, not on the Firebird addon. */
  public ServiceVariant(String name, String description, String runtime, String main, List<String> args,
      List<String> engines, Path module, List<String> sslmodes, boolean verifyNeedsRootCert) {
    this(name, description, runtime, main, args, engines, module, sslmodes, verifyNeedsRootCert, FORTUNE, false);
  }

  /** Whether its /notifications reads MongoDB (DBRACE_MONGO_URL). */
  public boolean readsMongo() {
    return secondSource.equals(MONGO);
  }

  /** A Node variant, started as {@code node <script>} (its packages installed by the caller). */
  public boolean isNode() {
    return runtime.equals("node");
  }

  /** The Node module's {@code firebird} addon as npm ci builds it; missing where it did not build. */
  public Path firebirdAddonBinary() {
    return module.resolve("node_modules/firebird/build/Release/binding.node");
  }

  /** A Java variant started with {@code java -jar}: its descriptor names a {@code jar}, not a {@code main}. */
  public boolean isJar() {
    return runtime.equals("java") && main.endsWith(".jar");
  }

  /** The Java variant's classpath ({@code target/classes} + {@code target/runtime.classpath}); empty until its module is built. */
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
        Arrays.stream(d.split(File.pathSeparator)).map(Path::of).forEach(cp::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return cp;
  }

  /**
   * Why this Java variant cannot start yet (its jar or its classpath is missing: the module is not
   * built), or null when it can; a Node variant's packages are the caller's to install.
   */
  public String notBuilt() {
    if (isNode()) {
      return null;
    }
    if (isJar()) {
      Path jar = module.resolve(main);
      return Files.isRegularFile(jar) ? null : "service " + name + " is not built: no " + jar;
    }
    return classpath().isEmpty() ? "service " + name + " is not built" : null;
  }

  /**
   * Why this variant cannot connect as {@code target} says (its descriptor's {@code sslmodes}, the
   * modes its driver can do, all of libpq's by default; {@code verify-needs-sslrootcert}, a driver
   * without default root certificates), or null when it can.
   */
  public String cannotConnect(DbTarget target) {
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
}
