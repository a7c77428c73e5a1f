package dev.dbrace.cli;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/**
 * Writes a {@code ./dbrace dist} archive: a gzipped tar whose one folder holds the launcher, the documents, scenarios
 * and example workloads, each module's {@code target/runtime.classpath} and every jar of a {@link DistLayout} (a class
 * folder packed into a jar), from which {@code dbrace} runs on a host with a JDK and nothing else. Written beside its
 * file and renamed into place, so an interrupted dist leaves no half archive.
 */
final class DistArchive {
  /** Besides the jars, from the home: the launcher (executable), and what a user reads or passes by name. */
  static final List<String> FILES = List.of("dbrace", "README.md", "docs", "scenarios", "examples");

  /** What was written: the archive, how many jars it holds, its size. */
  record Written(Path file, int jars, long bytes) {}

  private final TarArchiveOutputStream tar;
  private final String folder;

  private DistArchive(TarArchiveOutputStream tar, String folder) {
    this.tar = tar;
    this.folder = folder;
  }

  /** Writes the archive of {@code home} laid out as {@code layout} to {@code out}, everything under {@code folder}/. */
  static Written write(Path home, DistLayout layout, String folder, Path out) throws IOException {
    Path target = out.toAbsolutePath().normalize();
    Files.createDirectories(target.getParent());
    Path part = target.resolveSibling(target.getFileName() + ".part");
    try {
      try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(part), 1 << 16);
          TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(file))) {
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
        new DistArchive(tar, folder).add(home, layout);
      }
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(part);
    }
    return new Written(target, layout.places().size(), Files.size(target));
  }

  /** Whether {@code f} under {@code dir} lies in a build's output folder ({@code target/}, {@code node_modules/}). */
  static boolean builtOutput(Path dir, Path f) {
    for (Path part : dir.relativize(f)) {
      if (part.toString().equals("target") || part.toString().equals("node_modules")) {
        return true;
      }
    }
    return false;
  }

  private void add(Path home, DistLayout layout) throws IOException {
    for (String name : FILES) {
      Path p = home.resolve(name);
      if (Files.isDirectory(p)) {
        try (Stream<Path> files = Files.walk(p)) {
          // an example's own build output (examples/services/*/target) is built where it is used, not shipped
          for (Path f : files.filter(Files::isRegularFile).filter(f -> !builtOutput(p, f)).sorted().toList()) {
            file(f, home.relativize(f).toString(), 0644);
          }
        }
      } else if (Files.isRegularFile(p)) {
        file(p, name, name.equals("dbrace") ? 0755 : 0644);
      }
    }
    for (Path module : layout.modules()) {
      bytes(module + "/target/runtime.classpath", layout.classpathFile(module).getBytes(StandardCharsets.UTF_8));
    }
    for (Map.Entry<Path, String> e : layout.places().entrySet()) {
      if (Files.isDirectory(e.getKey())) {
        bytes(e.getValue(), jar(e.getKey()));
      } else {
        file(e.getKey(), e.getValue(), 0644);
      }
    }
  }

  /** A file with its time and size only: the attributes a Path-made entry carries (creation time, owner) are no one's business. */
  private void file(Path source, String name, int mode) throws IOException {
    tar.putArchiveEntry(entry(name, mode, Files.size(source), Files.getLastModifiedTime(source)));
    Files.copy(source, tar);
    tar.closeArchiveEntry();
  }

  private void bytes(String name, byte[] content) throws IOException {
    tar.putArchiveEntry(entry(name, 0644, content.length, FileTime.fromMillis(System.currentTimeMillis())));
    tar.write(content);
    tar.closeArchiveEntry();
  }

  private TarArchiveEntry entry(String name, int mode, long size, FileTime time) {
    TarArchiveEntry entry = new TarArchiveEntry(folder + "/" + name);
    entry.setMode(mode);
    entry.setSize(size);
    entry.setLastModifiedTime(time);
    return entry;
  }

  /** A class folder as a jar: its folders and files in name order, with their times (no manifest: a classpath needs none). */
  private static byte[] jar(Path classes) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JarOutputStream jar = new JarOutputStream(bytes); Stream<Path> walk = Files.walk(classes)) {
      for (Path p : walk.filter(p -> !p.equals(classes)).sorted().toList()) {
        String name = classes.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
        JarEntry entry = new JarEntry(Files.isDirectory(p) ? name + "/" : name);
        entry.setLastModifiedTime(FileTime.from(Files.getLastModifiedTime(p).toInstant()));
        jar.putNextEntry(entry);
        if (!Files.isDirectory(p)) {
          Files.copy(p, jar);
        }
        jar.closeEntry();
      }
    }
    return bytes.toByteArray();
  }
}
