package dev.dbrace.service.host;

import dev.dbrace.core.spi.SslMode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A service module's {@code dbrace-service.properties} (docs/service-contract.md), read into its
 * variants. What the contract makes optional gets the contract's default: runtime {@code java},
 * engines {@code postgresql}, every sslmode. Stateless.
 */
public final class ServiceDescriptor {
  /** The descriptor's file name in a module's folder. */
  public static final String FILE = "dbrace-service.properties";

  /** Every sslmode, the default of a descriptor's {@code sslmodes}. */
  private static final List<String> LIBPQ_SSL_MODES = Arrays.stream(SslMode.values()).map(SslMode::libpq).toList();

  private ServiceDescriptor() {}

  /**
   * The variants of the module in {@code module}, by name in the descriptor's order.
   *
   * @throws IllegalArgumentException in one line when a variant names no main class, jar or script
   */
  public static Map<String, ServiceVariant> read(Path module) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(module.resolve(FILE))) {
      p.load(in);
    }
    Map<String, ServiceVariant> variants = new LinkedHashMap<>();
    for (String name : list(p.getProperty("variants", ""))) {
      String runtime = p.getProperty(name + ".runtime", "java").trim();
      String main = runtime.equals("node") ? p.getProperty(name + ".script", "").trim()
          : p.getProperty(name + ".main", p.getProperty(name + ".jar", "")).trim();
      if (main.isEmpty()) {
        throw new IllegalArgumentException(module.resolve(FILE) + ": variant " + name + " has no "
            + (runtime.equals("node") ? "script" : "main (or jar)"));
      }
      String args = p.getProperty(name + ".args", "").trim();
      variants.put(name, new ServiceVariant(name, p.getProperty(name + ".description", "").trim(), runtime, main,
          args.isEmpty() ? List.of() : List.of(args.split("\\s+")), list(p.getProperty(name + ".engines", "postgresql")),
          module, list(p.getProperty(name + ".sslmodes", String.join(",", LIBPQ_SSL_MODES))),
          Boolean.parseBoolean(p.getProperty(name + ".verify-needs-sslrootcert", "false").trim()),
          p.getProperty(name + ".second-source", ServiceVariant.FORTUNE).trim(),
          Boolean.parseBoolean(p.getProperty(name + ".firebird-addon", "false").trim())));
    }
    return Collections.unmodifiableMap(variants);
  }

  private static List<String> list(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
