package dev.dbrace.db.postgres;

import dev.dbrace.db.Files2;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * Unpacks a {@code .txz} (tar + xz) resource, keeping symbolic links (the PostgreSQL libraries
 * are reached through them) and file modes. Uses the system's tar where there is one: native xz
 * is about four times faster than the pure-Java decoder, which remains the fallback. Stateless,
 * hence thread-safe; callers make the result appear atomically by unpacking into a temporary
 * directory and renaming it.
 */
public final class TxzUnpacker {

  private static final PosixFilePermission[] BITS = {
    PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
    PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE,
    PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
    PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
    PosixFilePermission.OWNER_READ,
  };

  private TxzUnpacker() {}

  static void unpack(URL resource, Path target) throws IOException {
    Path root = target.toAbsolutePath().normalize();
    Files.createDirectories(root);
    if (!unpackWithTar(resource, root)) {
      Files2.deleteTree(root); // whatever a failed tar left behind
      Files.createDirectories(root);
      unpackInJava(resource, root);
    }
    // The archive's modes already say so, but initdb and postgres must run even if a repackaged
    // archive lost them.
    Path bin = root.resolve("bin");
    if (Files.isDirectory(bin)) {
      try (var files = Files.list(bin)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Set<PosixFilePermission> perms = Files.getPosixFilePermissions(f);
          perms.addAll(Set.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE,
              PosixFilePermission.OTHERS_EXECUTE));
          Files.setPosixFilePermissions(f, perms);
        }
      }
    }
  }

  private static boolean unpackWithTar(URL resource, Path root) {
    Path archive = root.resolveSibling(root.getFileName() + ".txz");
    try {
      try (InputStream in = resource.openStream()) {
        Files.copy(in, archive, StandardCopyOption.REPLACE_EXISTING);
      }
      Process p = new ProcessBuilder("tar", "--no-same-owner", "-xJf", archive.toString(),
          "-C", root.toString()).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return false;
      }
      return p.exitValue() == 0 && Files.isRegularFile(root.resolve("bin/postgres"));
    } catch (IOException e) {
      return false; // no tar or no xz: the Java decoder does it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      try {
        Files.deleteIfExists(archive);
      } catch (IOException e) {
        // a stale archive is removed with the next start's stale run cleanup
      }
    }
  }

  static void unpackInJava(URL resource, Path root) throws IOException {
    try (InputStream raw = resource.openStream();
        TarArchiveInputStream tar = new TarArchiveInputStream(
            new XZCompressorInputStream(new BufferedInputStream(raw, 1 << 16)))) {
      TarArchiveEntry e;
      while ((e = tar.getNextEntry()) != null) {
        Path p = root.resolve(e.getName()).normalize();
        if (!p.startsWith(root)) {
          throw new IOException("archive entry escapes the target directory: " + e.getName());
        }
        if (e.isDirectory()) {
          Files.createDirectories(p);
          continue;
        }
        Files.createDirectories(p.getParent());
        if (e.isSymbolicLink()) {
          Path link = Path.of(e.getLinkName());
          if (link.isAbsolute() || !p.getParent().resolve(link).normalize().startsWith(root)) {
            throw new IOException("archive link escapes the target directory: " + e.getName());
          }
          Files.createSymbolicLink(p, link);
        } else if (e.isLink()) {
          Files.copy(root.resolve(e.getLinkName()).normalize(), p,
              StandardCopyOption.REPLACE_EXISTING);
        } else {
          Files.copy(tar, p, StandardCopyOption.REPLACE_EXISTING);
          Files.setPosixFilePermissions(p, permissions(e.getMode()));
        }
      }
    }
  }

  /** Files stay readable by everyone, so nobody (the setpriv fallback) can load them. */
  static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> set = EnumSet.of(PosixFilePermission.OWNER_READ,
        PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_READ,
        PosixFilePermission.OTHERS_READ);
    for (int i = 0; i < BITS.length; i++) {
      if ((mode & (1 << i)) != 0) {
        set.add(BITS[i]);
      }
    }
    set.remove(PosixFilePermission.OTHERS_WRITE);
    set.remove(PosixFilePermission.GROUP_WRITE);
    return set;
  }
}
