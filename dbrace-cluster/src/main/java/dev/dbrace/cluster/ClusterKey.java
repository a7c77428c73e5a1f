package dev.dbrace.cluster;

import dev.dbrace.runner.UserError;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.PfxOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The key every member of a dbrace cluster is given: one self-signed certificate and its private key in a PKCS#12 file,
 * used as both key and trust material of the event bus's TLS, so a member proves it holds the key and accepts only peers
 * that hold it too. The file's secrecy is its permissions (0600, like an SSH key): PKCS#12 needs a store password, and
 * this one ({@link #STORE_PASSWORD}) is fixed and no secret. Made by the JDK's own {@code keytool}: no crypto here.
 * Immutable.
 */
public final class ClusterKey {
  /** PKCS#12's store and key password: a format requirement, not a secret (see the class comment). */
  static final String STORE_PASSWORD = "dbrace-cluster";
  private static final String ALIAS = "dbrace-cluster";
  private static final int VALID_DAYS = 3650;

  private final Path file;
  private final byte[] bytes;
  private final String fingerprint;

  private ClusterKey(Path file, byte[] bytes, String fingerprint) {
    this.file = file;
    this.bytes = bytes;
    this.fingerprint = fingerprint;
  }

  /**
   * Where a member looks for the key unless told: {@code $DBRACE_CLUSTER_KEY}, else {@code dbrace/cluster-key.p12} in
   * {@code $XDG_CONFIG_HOME} or {@code ~/.config}.
   */
  public static Path defaultFile() {
    String env = System.getenv("DBRACE_CLUSTER_KEY");
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    String xdg = System.getenv("XDG_CONFIG_HOME");
    Path config = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
    return config.resolve("dbrace").resolve("cluster-key.p12");
  }

  /**
   * Writes a new key to {@code out} (mode 0600, its folder made 0700 if missing; never over an existing file) with the
   * {@code keytool} of the JDK this runs on, and returns it loaded.
   *
   * @throws UserError when {@code out} exists or cannot be written, or keytool fails (its last line said)
   */
  public static ClusterKey create(Path out) {
    UserError.require(!Files.exists(out), "cluster key " + out + " exists already: remove it first, or write elsewhere");
    Path dir = out.toAbsolutePath().getParent();
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    UserError.require(Files.isExecutable(keytool), "cannot make a cluster key: no keytool at " + keytool + " (dbrace needs a JDK)");
    Path tmp = null;
    try {
      if (!Files.isDirectory(dir)) {
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      }
      // keytool writes with the umask's mode: it writes into a folder only we can enter, then the file moves into place
      tmp = Files.createTempDirectory(dir, ".cluster-key",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Path store = tmp.resolve("key.p12");
      run(List.of(keytool.toString(), "-genkeypair", "-alias", ALIAS, "-keyalg", "EC", "-groupname", "secp256r1",
          "-sigalg", "SHA256withECDSA", "-dname", "CN=dbrace cluster", "-validity", String.valueOf(VALID_DAYS),
          "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", STORE_PASSWORD, "-keypass", STORE_PASSWORD,
          "-noprompt"));
      Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rw-------"));
      Files.move(store, out, StandardCopyOption.ATOMIC_MOVE);
      return load(out);
    } catch (IOException e) {
      throw new UserError("cannot write the cluster key " + out + ": " + e.getMessage());
    } finally {
      deleteQuietly(tmp);
    }
  }

  /**
   * Reads the key at {@code file}.
   *
   * @throws UserError when it is missing, unreadable, or not a dbrace cluster key
   */
  public static ClusterKey load(Path file) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new UserError("no cluster key at " + file + ": make one with ./dbrace cluster-key --out " + file
          + " and copy it to every host (docs/scale-out.md)");
    } catch (AccessDeniedException e) {
      throw new UserError("cannot read the cluster key " + file + ": permission denied");
    } catch (IOException e) {
      throw new UserError("cannot read the cluster key " + file + ": " + e.getMessage());
    }
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(new ByteArrayInputStream(bytes), STORE_PASSWORD.toCharArray());
      Certificate cert = store.getCertificate(ALIAS);
      UserError.require(cert != null && store.isKeyEntry(ALIAS),
          "cluster key " + file + " holds no dbrace cluster key (make one with ./dbrace cluster-key)");
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(cert.getEncoded());
      return new ClusterKey(file, bytes, HexFormat.ofDelimiter(":").formatHex(digest, 0, 8));
    } catch (IOException | GeneralSecurityException e) {
      throw new UserError("cluster key " + file + " is not a dbrace cluster key (" + e.getMessage() + ")");
    }
  }

  /** The key file. */
  public Path file() {
    return file;
  }

  /** The start of the certificate's SHA-256, to check by eye that two hosts hold the same key. */
  public String fingerprint() {
    return fingerprint;
  }

  /** The key as Vert.x TLS options: the same object serves as key material and as trust material. */
  public PfxOptions tlsOptions() {
    return new PfxOptions().setValue(Buffer.buffer(bytes)).setPassword(STORE_PASSWORD).setAlias(ALIAS);
  }

  private static void run(List<String> cmd) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).trim();
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new UserError("keytool did not finish within 60 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new UserError("keytool interrupted");
    }
    List<String> lines = out.lines().toList();
    UserError.require(p.exitValue() == 0, "keytool failed: " + (lines.isEmpty() ? "exit " + p.exitValue() : lines.getLast()));
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // a leftover empty temp folder is harmless; the key itself is already in place or was never made
    }
  }
}
