package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Rows.Film;
import dev.dbrace.services.spring.Rows.Fortune;
import dev.dbrace.services.spring.Rows.World;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The blocking {@link Repository} dressed as a {@link ReactiveRepository}: each call runs on
 * whichever thread subscribes, which under WebFlux is a Netty event loop. That is E4's
 * "WebFlux with blocking drivers" and is meant to stall the loop under load, so there is
 * deliberately no {@code subscribeOn(boundedElastic())} here. Thread-safe.
 */
final class BlockingOnSubscriber implements ReactiveRepository {
  private final Repository blocking;

  BlockingOnSubscriber(Repository blocking) {
    this.blocking = blocking;
  }

  @Override
  public Mono<World> world(int id) {
    return Mono.fromCallable(() -> blocking.world(id));
  }

  @Override
  public Flux<World> worlds(int[] ids) {
    return Mono.fromCallable(() -> blocking.worlds(ids)).flatMapIterable(rows -> rows);
  }

  @Override
  public Flux<World> update(int[] ids, int[] numbers) {
    return Mono.fromCallable(() -> blocking.update(ids, numbers)).flatMapIterable(rows -> rows);
  }

  @Override
  public Flux<Fortune> fortunes() {
    return Mono.fromCallable(blocking::fortunes).flatMapIterable(rows -> rows);
  }

  @Override
  public Mono<Fortune> fortune(int id) {
    return Mono.fromCallable(() -> blocking.fortune(id));
  }

  @Override
  public Mono<Film> film(int fid) {
    return Mono.fromCallable(() -> blocking.film(fid)); // null → empty
  }

  @Override
  public Mono<World> slow(int user) {
    return Mono.fromCallable(() -> blocking.slow(user));
  }

  @Override
  public void close() {
    blocking.close();
  }
}
