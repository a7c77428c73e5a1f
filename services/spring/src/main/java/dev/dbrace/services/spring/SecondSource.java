package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Notification.FortuneNote;
import reactor.core.publisher.Mono;

/**
 * E4's second /notifications source for one user: MongoDB's notifications when the service got
 * DBRACE_MONGO_URL ({@link MongoNotes}, {@link ReactiveMongoNotes}), else the contract's fortune
 * query. Implementations are thread-safe; {@link #close()} releases their client.
 */
interface SecondSource extends AutoCloseable {
  /** Blocking: holds the calling thread until the source answers. */
  Notification read(int user);

  @Override
  default void close() {}

  /** The fortune query of {@code repository}. */
  static SecondSource fortune(Repository repository) {
    return user -> new FortuneNote(repository.fortune(Requests.fortuneId(user)));
  }

  /** The same, as publishers for the WebFlux controller. */
  interface Reactive extends AutoCloseable {
    Mono<Notification> read(int user);

    @Override
    default void close() {}

    static Reactive fortune(ReactiveRepository repository) {
      return user -> repository.fortune(Requests.fortuneId(user)).map(FortuneNote::new);
    }

    /**
     * A blocking source called on whichever thread subscribes: under webflux-blocking a Netty event
     * loop (E4's broken step, on purpose: no subscribeOn).
     */
    static Reactive onSubscriber(SecondSource blocking) {
      return new Reactive() {
        @Override
        public Mono<Notification> read(int user) {
          return Mono.fromCallable(() -> blocking.read(user));
        }

        @Override
        public void close() {
          blocking.close();
        }
      };
    }
  }
}
