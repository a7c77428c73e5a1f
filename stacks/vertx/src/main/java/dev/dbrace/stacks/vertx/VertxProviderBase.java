package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import java.util.Map;

/** What the two Vert.x variants share: versions, options, opening. */
abstract class VertxProviderBase implements StackProvider {

  /** Whether this variant is the pipelining {@code PgBuilder.client()} rather than a pool. */
  abstract boolean pipelined();

  @Override
  public Map<String, String> versions() {
    return Versions.get();
  }

  /** The Vert.x PG client verifies a certificate only against trust options it is given (sslrootcert). */
  @Override
  public boolean verifiesWithoutRootCert() {
    return false;
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    VertxSettings settings = VertxSettings.parse(name(), config.options(), pipelined());
    return VertxStack.open(config, settings, pipelined());
  }
}
