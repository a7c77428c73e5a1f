package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Rows.Film;
import dev.dbrace.services.spring.Rows.World;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The contract's endpoints on Spring WebFlux. The same code serves webflux-r2dbc and
 * webflux-blocking; only the repository and remote behind it differ (non-blocking, or blocking
 * on the event loop), which is the one thing E4 varies between them. Thread-safe.
 */
@RestController
class FluxController {
  private final ReactiveRepository repository;
  private final ReactiveRemote remote;
  private final SecondSource.Reactive second;

  FluxController(ReactiveRepository repository, ReactiveRemote remote, SecondSource.Reactive second) {
    this.repository = repository;
    this.remote = remote;
    this.second = second;
  }

  @GetMapping(path = "/health", produces = MediaType.TEXT_PLAIN_VALUE)
  Mono<String> health() {
    return Mono.just("ok"); // the pool was opened before the server started
  }

  @GetMapping("/db")
  Mono<World> db() {
    return repository.world(Requests.random());
  }

  /** A Flux written as application/json is one JSON array. */
  @GetMapping("/queries")
  Flux<World> queries(@RequestParam(name = "queries", required = false) String queries) {
    return repository.worlds(Requests.randoms(Requests.count(queries)));
  }

  @GetMapping("/updates")
  Flux<World> updates(@RequestParam(name = "queries", required = false) String queries) {
    int n = Requests.count(queries);
    return repository.update(Requests.randoms(n), Requests.randoms(n));
  }

  @GetMapping("/fortunes")
  Mono<ResponseEntity<String>> fortunes() {
    return repository.fortunes().collectList()
        .map(rows -> ResponseEntity.ok().contentType(MvcController.HTML_UTF8).body(FortunesPage.render(rows)));
  }

  @GetMapping("/film/{fid}")
  Mono<ResponseEntity<Film>> film(@PathVariable("fid") String fid) {
    Integer id = Requests.pathInt(fid);
    Mono<Film> film = id == null ? Mono.empty() : repository.film(id);
    return film.map(ResponseEntity::ok).defaultIfEmpty(ResponseEntity.notFound().build());
  }

  /**
   * E4's aggregator the reactive way: the three sources subscribed at once and merged, each
   * object written as a line of application/x-ndjson as soon as its source answers. (With the
   * blocking sources, subscribing runs each in turn on the event loop, so nothing overlaps.)
   */
  @GetMapping("/notifications/{user}")
  ResponseEntity<Flux<Notification>> notifications(@PathVariable("user") String user) {
    Integer u = Requests.pathInt(user);
    if (u == null) {
      return ResponseEntity.notFound().build();
    }
    Flux<Notification> merged = Flux.merge(
        repository.slow(u).map(Notification.Slow::new),
        second.read(u),
        remote.get(u).map(Notification.RemoteNote::new));
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_NDJSON).body(merged);
  }
}
