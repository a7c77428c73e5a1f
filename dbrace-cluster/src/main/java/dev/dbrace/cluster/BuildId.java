package dev.dbrace.cluster;

import dev.dbrace.runner.Home;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;

/**
 * Which dbrace a member runs: the SHA-256 over every jar and class folder of every module dbrace runs from its home
 * ({@link Home#modules}: the command line's classpath and each stack's, load generator's and experiment's), each counted
 * once, in the order of their digests. These are exactly the jars a {@code ./dbrace dist} archive holds, so an unpacked
 * archive and the checkout it was built from agree, and an archive with one changed jar does not; where an entry lies
 * and which classpath lists it do not count. dbrace's own entries (those holding {@code dev/dbrace/} classes) count by
 * the files they hold, so a class folder (a checkout runs its modules from {@code target/classes}) and the jar an archive
 * packs it into agree (jar metadata, {@code META-INF/MANIFEST.MF} and {@code META-INF/maven/}, is left out); any other
 * jar, a library that is the same file from Maven Central everywhere, counts by its bytes, which is much quicker than
 * reading it entry by entry. A member compares {@link #value()}s only; {@link #source()} says what was hashed. Immutable.
 *
 * @param value lower-case hex
 * @param source what was hashed, for messages
 */
public record BuildId(String value, String source) {
  /**
   * Tests only: an agent started with this environment variable announces its value as its build id instead of its own,
   * to check that a controller refuses another build. Not a security measure: the cluster key is; a build id is a
   * consistency check.
   */
  public static final String TEST_OVERRIDE_ENV = "DBRACE_TEST_FAKE_BUILD_ID";

  private static volatile BuildId current;

  /** This JVM's build id: {@link #TEST_OVERRIDE_ENV} if set, else {@link #of} {@link Home#dir()}; computed once. */
  public static BuildId current() {
    BuildId id = current;
    if (id == null) {
      String override = System.getenv(TEST_OVERRIDE_ENV);
      id = override != null && !override.isBlank() ? new BuildId(override.trim(), TEST_OVERRIDE_ENV) : of(Home.dir());
      current = id;
    }
    return id;
  }

  /** The build id of the dbrace at {@code home}, a source checkout or an unpacked archive. */
  public static BuildId of(Path home) {
    return ofClassPath(Home.modules(home).values().stream().flatMap(List::stream).distinct().toList());
  }

  /** The build id of {@code classPath}'s entries, each counted once (entries that do not exist are skipped). */
  public static BuildId ofClassPath(List<Path> classPath) {
    TreeSet<String> entryDigests = new TreeSet<>();
    for (Path entry : classPath) {
      String digest = Files.isDirectory(entry) ? folderDigest(entry) : Files.isRegularFile(entry) ? jarDigest(entry) : null;
      if (digest != null) {
        entryDigests.add(digest);
      }
    }
    MessageDigest all = sha256();
    entryDigests.forEach(d -> all.update(d.getBytes(StandardCharsets.US_ASCII)));
    return new BuildId(HexFormat.of().formatHex(all.digest()), entryDigests.size() + " jars and class folders");
  }

  /** The first 12 hex digits, for one-line messages. */
  public String shortValue() {
    return value.length() <= 12 ? value : value.substring(0, 12);
  }

  /** The digest of a class folder's files if it holds dbrace classes, else null. */
  private static String folderDigest(Path folder) {
    if (!Files.isDirectory(folder.resolve("dev/dbrace"))) {
      return null;
    }
    TreeMap<String, byte[]> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path f : walk.filter(Files::isRegularFile).toList()) {
        String name = folder.relativize(f).toString().replace(File.separatorChar, '/');
        if (counts(name)) {
          try (InputStream in = Files.newInputStream(f)) {
            files.put(name, fileDigest(in));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + folder + " for the build id", e);
    }
    return digest(files);
  }

  /** The digest of a jar's files if it holds dbrace classes, else (a library, or a file that is no jar) of its bytes. */
  private static String jarDigest(Path jar) {
    TreeMap<String, byte[]> files = new TreeMap<>();
    try {
      try (JarFile file = new JarFile(jar.toFile())) {
        if (file.stream().anyMatch(e -> e.getName().startsWith("dev/dbrace/"))) {
          for (ZipEntry e : Collections.list(file.entries())) {
            if (!e.isDirectory() && counts(e.getName())) {
              try (InputStream in = file.getInputStream(e)) {
                files.put(e.getName(), fileDigest(in));
              }
            }
          }
          return digest(files);
        }
      } catch (ZipException notAJar) {
        // counted by its bytes, as a library is
      }
      try (InputStream in = Files.newInputStream(jar)) {
        return HexFormat.of().formatHex(fileDigest(in));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jar + " for the build id", e);
    }
  }

  private static String digest(TreeMap<String, byte[]> fileDigests) {
    MessageDigest md = sha256();
    fileDigests.forEach((name, digest) -> {
      md.update(name.getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      md.update(digest);
    });
    return HexFormat.of().formatHex(md.digest());
  }

  private static byte[] fileDigest(InputStream in) throws IOException {
    MessageDigest md = sha256();
    byte[] buf = new byte[64 * 1024];
    for (int n; (n = in.read(buf)) > 0; ) {
      md.update(buf, 0, n);
    }
    return md.digest();
  }

  private static boolean counts(String name) {
    return !name.equals("META-INF/MANIFEST.MF") && !name.startsWith("META-INF/maven/");
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
