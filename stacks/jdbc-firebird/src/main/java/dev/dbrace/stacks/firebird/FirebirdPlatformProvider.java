package dev.dbrace.stacks.firebird;

import dev.dbrace.core.exec.PlatformPool;
import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.ExecutorService;

/** {@code jdbc-firebird}: Jaybird's blocking calls on a fixed pool of platform threads, as a servlet container has. */
public final class FirebirdPlatformProvider extends FirebirdStackProvider {

  @Override
  public String name() {
    return "jdbc-firebird";
  }

  @Override
  public String description() {
    return "Firebird: Jaybird + HikariCP, blocking calls on a fixed pool of N platform threads"
        + " (N = --threads, default 200 like Tomcat)";
  }

  @Override
  ExecutorService newExecutor(StackConfig config) {
    if (config.threads() < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + config.threads());
    }
    String handoff = config.options().getOrDefault(HANDOFF, "local");
    if (!handoff.equals("local") && !handoff.equals("queue")) {
      throw new IllegalArgumentException("option " + HANDOFF + " must be local or queue, got '" + handoff + "'");
    }
    return new PlatformPool(config.threads(), name(), handoff.equals("local"));
  }
}
