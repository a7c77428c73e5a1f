package dev.dbrace.cli;

import dev.dbrace.cluster.ClusterKey;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dbrace cluster-key}: writes the key every member of one cluster is given (docs/scale-out.md). */
@Command(name = "cluster-key", mixinStandardHelpOptions = true,
    description = {"Write a new cluster key: a certificate and its private key that the agents and the controller of one "
        + "cluster all hold; their event bus talks TLS with it and refuses members without it.",
        "Copy it to the same path on every host (mode 600), e.g. scp -p FILE host:FILE (docs/scale-out.md)."})
final class ClusterKeyCommand implements Callable<Integer> {
  @Option(names = "--out", paramLabel = "FILE",
      description = "Where to write it; never over an existing file (default: $DBRACE_CLUSTER_KEY, else ~/.config/dbrace/cluster-key.p12).")
  Path out;

  @Override
  public Integer call() {
    ClusterKey key = ClusterKey.create(out != null ? out : ClusterKey.defaultFile());
    System.err.println("dbrace: cluster key written to " + key.file() + " (mode 600, fingerprint " + key.fingerprint()
        + "); copy it to every host that runs an agent or the controller (docs/scale-out.md)");
    return 0;
  }
}
