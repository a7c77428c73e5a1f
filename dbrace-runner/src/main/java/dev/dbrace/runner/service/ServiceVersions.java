package dev.dbrace.runner.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.service.host.ServiceVariant;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The library versions a service variant runs on, read from what its build left: a Java module's
 * {@code target/runtime.classpath} (Maven repository paths, {@code .../artifact/version/...jar}),
 * a Quarkus fast-jar's {@code lib/main} ({@code group.artifact-version.jar}), or a Node package's
 * lockfile. A service run's race.json then shows the service's own libraries, not only those of
 * dbrace's load generator. Only the libraries that decide how a variant talks to the database and
 * serves HTTP are listed. Stateless, hence thread-safe.
 */
public final class ServiceVersions {
  /** Maven artifact ids worth naming, in the order they are shown. */
  static final List<String> ARTIFACTS = List.of("spring-boot", "spring-webmvc", "spring-webflux", "quarkus-core",
      "quarkus-rest", "hibernate-core", "hibernate-reactive-core", "vertx-core", "vertx-web", "vertx-pg-client",
      "postgresql", "r2dbc-postgresql", "r2dbc-pool", "HikariCP", "agroal-pool", "reactor-netty-core", "netty-common",
      "tomcat-embed-core", "vertx-mongo-client", "mongodb-driver-sync", "mongodb-driver-reactivestreams");

  private ServiceVersions() {}

  /** Artifact or package name to version; empty when the build left nothing to read (not built yet). */
  public static Map<String, String> of(ServiceVariant v) {
    try {
      if (v.runtime().equals("node")) {
        return node(v.module());
      }
      if (v.isJar()) {
        return fastJar(v.module().resolve(v.main()).getParent().resolve("lib/main"));
      }
      return classpath(v.module().resolve("target/runtime.classpath"));
    } catch (IOException | RuntimeException e) {
      return Map.of(); // versions are information: a service without them still runs
    }
  }

  private static Map<String, String> classpath(Path file) throws IOException {
    Map<String, String> out = new TreeMap<>();
    if (!Files.isRegularFile(file)) {
      return out;
    }
    for (String entry : Files.readString(file).strip().split(File.pathSeparator)) {
      Path jar = Path.of(entry);
      Path versionDir = jar.getParent();
      if (versionDir == null || versionDir.getParent() == null) {
        continue;
      }
      String artifact = versionDir.getParent().getFileName().toString();
      if (ARTIFACTS.contains(artifact)) {
        out.put(artifact, versionDir.getFileName().toString());
      }
    }
    return out;
  }

  private static Map<String, String> fastJar(Path libMain) throws IOException {
    Map<String, String> out = new TreeMap<>();
    if (!Files.isDirectory(libMain)) {
      return out;
    }
    try (Stream<Path> jars = Files.list(libMain)) {
      for (Path jar : (Iterable<Path>) jars::iterator) {
        String name = jar.getFileName().toString();
        for (String artifact : ARTIFACTS) {
          // group.artifact-version.jar, the version starting with a digit
          int at = name.indexOf("." + artifact + "-");
          if (at >= 0 && name.endsWith(".jar")) {
            String version = name.substring(at + artifact.length() + 2, name.length() - ".jar".length());
            if (!version.isEmpty() && Character.isDigit(version.charAt(0))) {
              out.put(artifact, version);
            }
          }
        }
      }
    }
    return out;
  }

  /** The package's direct dependencies (optional ones too: the firebird addon) at the versions its lockfile pins. */
  private static Map<String, String> node(Path module) throws IOException {
    Map<String, String> out = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    JsonNode pkg = json.readTree(module.resolve("package.json").toFile());
    JsonNode lock = json.readTree(module.resolve("package-lock.json").toFile()).path("packages");
    for (String kind : new String[] {"dependencies", "optionalDependencies"}) {
      pkg.path(kind).fieldNames().forEachRemaining(dep -> {
        String version = lock.path("node_modules/" + dep).path("version").asText("");
        if (!version.isEmpty()) {
          out.put(dep, version);
        }
      });
    }
    return out;
  }
}
