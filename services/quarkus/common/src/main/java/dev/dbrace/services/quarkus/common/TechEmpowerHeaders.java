package dev.dbrace.services.quarkus.common;

import io.netty.handler.codec.DateFormatter;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.Date;

/**
 * TechEmpower's headers on every answer, neither of which Quarkus sends by itself: the server's name and the current
 * date (RFC 1123, Netty's formatter), set by a route filter before any endpoint writes its answer. Both services
 * index this module (quarkus.index-dependency), so each picks it up.
 */
@Singleton
public class TechEmpowerHeaders {
  private static final CharSequence SERVER = HttpHeaders.createOptimized("quarkus");

  void register(@Observes Filters filters) {
    filters.register(rc -> {
      rc.response().headers().add(HttpHeaders.SERVER, SERVER).add(HttpHeaders.DATE, DateFormatter.format(new Date()));
      rc.next();
    }, 100);
  }
}
