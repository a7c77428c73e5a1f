package dev.dbrace.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * Which dbrace a member runs: the SHA-256 of the contents of dbrace's own class-path entries (the jars and class folders
 * that hold {@code dev/dbrace/} classes), so two hosts that built the same sources agree and a host with one changed
 * class does not. Contents only: where the entries lie, their order, and whether a module is a jar or a class folder
 * (jar metadata, {@code META-INF/MANIFEST.MF} and {@code META-INF/maven/}, is left out) do not count. Libraries do not
 * count either. A hash of the contents of {@code ./dbrace dist}'s archive can replace this one: a member compares
 * {@link #value()}s only, and {@link #source()} says what was hashed. Immutable.
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

  /** This JVM's build id: {@link #TEST_OVERRIDE_ENV} if set, else {@link #ofClassPath} of {@code java.class.path}; computed once. */
  public static BuildId current() {
    BuildId id = current;
    if (id == null) {
      String override = System.getenv(TEST_OVERRIDE_ENV);
      id = override != null && !override.isBlank() ? new BuildId(override.trim(), TEST_OVERRIDE_ENV)
          : ofClassPath(Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
              .filter(s -> !s.isEmpty()).map(Path::of).toList());
      current = id;
    }
    return id;
  }

  /** The build id of the dbrace entries among {@code classPath} (entries that do not exist are skipped). */
  public static BuildId ofClassPath(List<Path> classPath) {
    List<String> rootDigests = new ArrayList<>();
    for (Path entry : classPath) {
      String digest = Files.isDirectory(entry) ? folderDigest(entry) : Files.isRegularFile(entry) ? jarDigest(entry) : null;
      if (digest != null) {
        rootDigests.add(digest);
      }
    }
    Collections.sort(rootDigests);
    MessageDigest all = sha256();
    rootDigests.forEach(d -> all.update(d.getBytes(StandardCharsets.US_ASCII)));
    return new BuildId(HexFormat.of().formatHex(all.digest()), rootDigests.size() + " dbrace class-path entries");
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

  /** The digest of a jar's files if it holds dbrace classes, else null (also for a stray file that is no jar). */
  private static String jarDigest(Path jar) {
    TreeMap<String, byte[]> files = new TreeMap<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      if (file.stream().noneMatch(e -> e.getName().startsWith("dev/dbrace/"))) {
        return null;
      }
      for (ZipEntry e : Collections.list(file.entries())) {
        if (!e.isDirectory() && counts(e.getName())) {
          try (InputStream in = file.getInputStream(e)) {
            files.put(e.getName(), fileDigest(in));
          }
        }
      }
    } catch (IOException e) {
      return null;
    }
    return digest(files);
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
