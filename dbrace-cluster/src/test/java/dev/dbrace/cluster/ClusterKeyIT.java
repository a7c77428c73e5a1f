package dev.dbrace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster key: made by keytool, readable by its owner only, loaded back; anything else is one line. */
class ClusterKeyIT {
  @TempDir
  Path dir;

  @Test
  void aNewKeyIsItsOwnersOnlyAndLoadsBack() throws Exception {
    Path file = dir.resolve("keys").resolve("cluster-key.p12");
    ClusterKey made = ClusterKey.create(file);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())),
        "a folder made for the key is its owner's only");
    assertEquals(made.fingerprint(), ClusterKey.load(file).fingerprint());
    assertTrue(made.fingerprint().matches("([0-9a-f]{2}:){7}[0-9a-f]{2}"), made.fingerprint());
    try (var left = Files.list(dir.resolve("keys"))) {
      assertEquals(1, left.count(), "keytool's temporary folder is gone");
    }
    assertNotEquals(made.fingerprint(), ClusterKey.create(dir.resolve("other.p12")).fingerprint(), "every key is new");
  }

  @Test
  void anExistingFileIsNeverOverwritten() throws Exception {
    Path file = dir.resolve("cluster-key.p12");
    Files.writeString(file, "precious");
    assertBad(() -> ClusterKey.create(file), "exists already");
    assertEquals("precious", Files.readString(file));
  }

  @Test
  void whatIsNoKeyIsOneLine() throws Exception {
    assertBad(() -> ClusterKey.load(dir.resolve("missing.p12")), "no cluster key at " + dir.resolve("missing.p12")
        + ": make one with ./dbrace cluster-key");
    Path garbage = Files.writeString(dir.resolve("garbage.p12"), "not a key");
    assertBad(() -> ClusterKey.load(garbage), "is not a dbrace cluster key");
    assertBad(() -> ClusterKey.load(dir), "cannot read the cluster key " + dir);
  }

  private static void assertBad(Runnable r, String expected) {
    UserError e = assertThrows(UserError.class, r::run);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }
}
