package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Rows.Remote;
import io.netty.channel.ChannelOption;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/** The remote source for the WebFlux controller. Implementations are thread-safe. */
@FunctionalInterface
interface ReactiveRemote {
  Mono<Remote> get(int user);

  /**
   * The blocking client on whichever thread subscribes: under WebFlux, the event loop
   * (webflux-blocking, E4's broken step; deliberately not moved to another scheduler).
   */
  static ReactiveRemote blocking(RemoteClient client) {
    return user -> Mono.fromCallable(() -> client.get(user));
  }

  /**
   * WebClient on reactor-netty, never blocking. Its connection pool is widened: the default
   * (2 × max(cores, 8) connections, 16 here) would let only ~8 remote calls a second through with
   * 1–3 s answers, a limit the blocking variants' JDK client does not have.
   */
  static ReactiveRemote webClient(String baseUrl) {
    ConnectionProvider connections = ConnectionProvider.builder("dbrace-remote")
        .maxConnections(4096)
        .pendingAcquireMaxCount(-1)
        .build();
    HttpClient http = HttpClient.create(connections)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5_000)
        .responseTimeout(RemoteClient.TIMEOUT);
    WebClient client = WebClient.builder()
        .baseUrl(baseUrl)
        .clientConnector(new ReactorClientHttpConnector(http))
        .build();
    return user -> client.get().uri("/remote/{user}", user).retrieve().bodyToMono(Remote.class);
  }
}
