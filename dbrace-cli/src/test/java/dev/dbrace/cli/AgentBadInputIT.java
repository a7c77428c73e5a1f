package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agent} and {@code cluster-key}: bad input is one line and exit 2, before anything listens. */
class AgentBadInputIT {
  @TempDir
  Path dir;

  @Test
  void badAddressesAndPorts() {
    Path key = key();
    // 192.0.2.0/24 is TEST-NET-1: documentation only, never an address of this host's own
    assertOneLineError(Cli.run("agent", "--bind", "192.0.2.77", "--key", key.toString()),
        "--bind 192.0.2.77: 192.0.2.77 is not an address of this host");
    assertOneLineError(Cli.run("agent", "--bind", "0.0.0.0", "--key", key.toString()), "the wildcard address binds no member");
    assertOneLineError(Cli.run("agent", "--bind", "no-such-host.invalid", "--key", key.toString()), "no such host");
    assertOneLineError(Cli.run("agent", "--bind", "127.0.0.1", "--join", "127.0.0.1:http", "--key", key.toString()),
        "'127.0.0.1:http' is not HOST[:PORT]");
    assertOneLineError(Cli.run("agent", "--bind", "127.0.0.1", "--port", "70000", "--key", key.toString()),
        "--port 70000 is not in 1-65535");
    assertOneLineError(Cli.run("agent", "--bind", "127.0.0.1", "--port", "6000", "--bus-port", "6000", "--key", key.toString()),
        "--port and --bus-port are both 6000");
    assertOneLineError(Cli.run("agent"), "Missing required option: '--bind=ADDR'");
  }

  @Test
  void missingOrBadKeys() throws Exception {
    Path missing = dir.resolve("missing.p12");
    assertOneLineError(Cli.run("agent", "--bind", "127.0.0.1", "--key", missing.toString()),
        "no cluster key at " + missing + ": make one with ./dbrace cluster-key --out " + missing);
    Path garbage = Files.writeString(dir.resolve("garbage.p12"), "not a key");
    assertOneLineError(Cli.run("agent", "--bind", "127.0.0.1", "--key", garbage.toString()), "is not a dbrace cluster key");
    assertOneLineError(Cli.run("agent", "--bind", "127.0.0.1", "--key", dir.toString()), "cannot read the cluster key " + dir);
  }

  @Test
  void clusterKeyWritesItsOwnersOnlyFileOnceAndNeverOverIt() throws Exception {
    Path out = dir.resolve("k").resolve("cluster-key.p12");
    Cli.Result made = Cli.run("cluster-key", "--out", out.toString());
    assertEquals(0, made.exit(), made.err());
    assertTrue(made.err().contains("cluster key written to " + out + " (mode 600, fingerprint "), made.err());
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
    assertOneLineError(Cli.run("cluster-key", "--out", out.toString()), "cluster key " + out + " exists already");
  }

  private Path key() {
    Path key = dir.resolve("cluster-key.p12");
    if (!Files.exists(key)) {
      assertEquals(0, Cli.run("cluster-key", "--out", key.toString()).exit());
    }
    return key;
  }
}
