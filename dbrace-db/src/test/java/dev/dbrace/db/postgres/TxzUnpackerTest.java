package dev.dbrace.db.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pure-Java unpacker, used where there is no tar or xz; the real archive goes via tar. */
public class TxzUnpackerTest {

  @Test
  void keepsModesAndSymlinks(@TempDir Path dir) throws Exception {
    Path txz = dir.resolve("a.txz");
    byte[] exe = "#!/bin/sh\n".getBytes(StandardCharsets.UTF_8);
    try (TarArchiveOutputStream tar = new TarArchiveOutputStream(
        new XZCompressorOutputStream(Files.newOutputStream(txz)))) {
      TarArchiveEntry bin = new TarArchiveEntry("bin/");
      tar.putArchiveEntry(bin);
      tar.closeArchiveEntry();
      TarArchiveEntry file = new TarArchiveEntry("bin/postgres");
      file.setMode(0100700);
      file.setSize(exe.length);
      tar.putArchiveEntry(file);
      tar.write(exe);
      tar.closeArchiveEntry();
      TarArchiveEntry link = new TarArchiveEntry("lib/libpq.so", TarArchiveEntry.LF_SYMLINK);
      link.setLinkName("../bin/postgres");
      tar.putArchiveEntry(link);
      tar.closeArchiveEntry();
    }
    Path out = dir.resolve("out");
    TxzUnpacker.unpackInJava(txz.toUri().toURL(), out);
    assertEquals("rwxr--r--",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("bin/postgres"))));
    assertTrue(Files.isSymbolicLink(out.resolve("lib/libpq.so")));
    assertEquals("#!/bin/sh\n", Files.readString(out.resolve("lib/libpq.so")));
  }
}
