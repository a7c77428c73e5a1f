package dev.dbrace.stacks.firebird;

import dev.dbrace.core.exec.VirtualThreads;
import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.ExecutorService;

/**
 * {@code jdbc-firebird-virtual}: a virtual thread per operation, continuing on the previous one's
 * thread when issued as it completes (see {@link VirtualThreads}); {@code handoff=new} starts a
 * new one every time.
 */
public final class FirebirdVirtualProvider extends FirebirdStackProvider {

  @Override
  public String name() {
    return "jdbc-firebird-virtual";
  }

  @Override
  public String description() {
    return "Firebird: Jaybird + HikariCP, one virtual thread per operation";
  }

  @Override
  ExecutorService newExecutor(StackConfig config) {
    String handoff = config.options().getOrDefault(HANDOFF, "local");
    if (!handoff.equals("local") && !handoff.equals("new")) {
      throw new IllegalArgumentException("option " + HANDOFF + " must be local or new, got '" + handoff + "'");
    }
    return new VirtualThreads(name() + "-", handoff.equals("local"));
  }
}
