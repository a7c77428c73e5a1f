package dev.dbrace.stacks.vertx;

/**
 * {@code vertx-pipelined}: {@code PgBuilder.client()}, which pipelines up to {@code
 * pipeliningLimit} commands per connection; an operation's statements run one after another,
 * each on whichever connection the client picks. Options: {@code cachePreparedStatements}
 * (default true), {@code pipeliningLimit} (default 256), {@code eventLoops} (default: number of
 * cores).
 */
public final class VertxPipelinedProvider extends VertxProviderBase {

  @Override
  public String name() {
    return "vertx-pipelined";
  }

  @Override
  public String description() {
    return "Vert.x PG client with pipelining (PgBuilder.client(), up to 256 commands in flight per connection)";
  }

  @Override
  boolean pipelined() {
    return true;
  }
}
