package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Rows.Film;
import dev.dbrace.services.spring.Rows.Fortune;
import dev.dbrace.services.spring.Rows.World;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@link Repository}'s queries as Reactor publishers, for the WebFlux controller. Whether a call
 * blocks depends on the implementation: {@link R2dbcRepository} never does,
 * {@link BlockingOnSubscriber} does on purpose. Thread-safe; {@link #close()} releases the pool.
 */
interface ReactiveRepository extends AutoCloseable {
  Mono<World> world(int id);

  /** Each id read by its own SELECT, in order. */
  Flux<World> worlds(int[] ids);

  /** As {@link Repository#update}. */
  Flux<World> update(int[] ids, int[] numbers);

  Flux<Fortune> fortunes();

  Mono<Fortune> fortune(int id);

  /** Empty when there is no such film. */
  Mono<Film> film(int fid);

  /** As {@link Repository#slow}. */
  Mono<World> slow(int user);

  @Override
  void close();
}
