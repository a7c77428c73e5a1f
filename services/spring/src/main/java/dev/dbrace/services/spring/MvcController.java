package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Notification.RemoteNote;
import dev.dbrace.services.spring.Notification.Slow;
import dev.dbrace.services.spring.Rows.Film;
import dev.dbrace.services.spring.Rows.World;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The contract's endpoints on Spring MVC: plain blocking code, one Tomcat thread (platform or
 * virtual) per request for its whole duration. Thread-safe.
 */
@RestController
class MvcController {
  static final MediaType HTML_UTF8 = MediaType.parseMediaType("text/html; charset=utf-8");

  private final Repository repository;
  private final RemoteClient remote;
  private final SecondSource second;

  MvcController(Repository repository, RemoteClient remote, SecondSource second) {
    this.repository = repository;
    this.remote = remote;
    this.second = second;
  }

  @GetMapping(path = "/health", produces = MediaType.TEXT_PLAIN_VALUE)
  String health() {
    return "ok"; // the pool was opened before the server started
  }

  @GetMapping("/db")
  World db() {
    return repository.world(Requests.random());
  }

  @GetMapping("/queries")
  List<World> queries(@RequestParam(name = "queries", required = false) String queries) {
    return repository.worlds(Requests.randoms(Requests.count(queries)));
  }

  @GetMapping("/updates")
  List<World> updates(@RequestParam(name = "queries", required = false) String queries) {
    int n = Requests.count(queries);
    return repository.update(Requests.randoms(n), Requests.randoms(n));
  }

  @GetMapping("/fortunes")
  ResponseEntity<String> fortunes() {
    return ResponseEntity.ok().contentType(HTML_UTF8).body(FortunesPage.render(repository.fortunes()));
  }

  @GetMapping("/film/{fid}")
  ResponseEntity<Film> film(@PathVariable("fid") String fid) {
    Integer id = Requests.pathInt(fid);
    Film film = id == null ? null : repository.film(id);
    return film == null ? ResponseEntity.notFound().build() : ResponseEntity.ok(film);
  }

  /** E4's aggregator the blocking way: the three sources (PostgreSQL, MongoDB, remote) one after the other. */
  @GetMapping("/notifications/{user}")
  ResponseEntity<List<Notification>> notifications(@PathVariable("user") String user) {
    Integer u = Requests.pathInt(user);
    if (u == null) {
      return ResponseEntity.notFound().build();
    }
    Slow slow = new Slow(repository.slow(u));
    Notification notes = second.read(u);
    RemoteNote remoteNote = new RemoteNote(remote.get(u));
    return ResponseEntity.ok(List.of(slow, notes, remoteNote));
  }
}
