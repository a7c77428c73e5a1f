package dev.dbrace.core.spi;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Library versions as the jars on a stack's classpath declare them, for {@link StackProvider#versions()}. */
public final class LibraryVersion {
  private LibraryVersion() {}

  /**
   * The version of the jar that holds {@code anchor}: its Maven {@code pom.properties} when the jar
   * has one, else the manifest's Implementation-Version, else "unknown" (versions are information,
   * never a reason to fail).
   */
  public static String of(String groupId, String artifactId, Class<?> anchor) {
    String resource = "META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
    ClassLoader loader = anchor.getClassLoader();
    try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(resource) : loader.getResourceAsStream(resource)) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isBlank()) {
          return v.trim();
        }
      }
    } catch (IOException e) {
      // fall back to the manifest
    }
    return manifest(anchor);
  }

  /** The manifest's Implementation-Version of {@code anchor}'s package, else "unknown". */
  public static String manifest(Class<?> anchor) {
    String v = anchor.getPackage() == null ? null : anchor.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? "unknown" : v.trim();
  }
}
