package dev.dbrace.services.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration;
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.WebFilter;

/**
 * Spring Boot's side: auto-configuration for the web stack only (the service builds its own
 * pools, so Boot's data source and R2DBC auto-configuration stay off) and the settings each
 * variant runs with.
 */
@SpringBootConfiguration
@EnableAutoConfiguration(exclude = {DataSourceAutoConfiguration.class, R2dbcAutoConfiguration.class})
class SpringSetup {
  /** The Server header every variant sends. */
  static final String SERVER = "spring";

  /**
   * The WebFlux variants' server. Tomcat is on the classpath too (for MVC), and Boot would pick
   * it for a reactive application as well; declaring Netty's factory makes Boot's Tomcat one back off.
   */
  @Configuration(proxyBeanMethods = false)
  static class NettyServer {
    @Bean
    NettyReactiveWebServerFactory nettyReactiveWebServerFactory() {
      return new NettyReactiveWebServerFactory();
    }

    /**
     * TechEmpower's headers on every answer, which Reactor Netty sends neither of (Tomcat sends a Date, and Boot's
     * server-header setting reaches Tomcat only): the server's name and the current date (RFC 1123).
     */
    @Bean
    WebFilter techEmpowerHeaders() {
      return (exchange, chain) -> {
        HttpHeaders headers = exchange.getResponse().getHeaders();
        headers.set(HttpHeaders.SERVER, SERVER);
        headers.setDate(System.currentTimeMillis());
        return chain.filter(exchange);
      };
    }
  }

  /**
   * The variant's settings as Spring command-line properties, which outrank environment
   * variables such as SERVER_PORT; no application.properties is read from anywhere, so the
   * DBRACE_* variables are the only configuration.
   */
  static String[] properties(Variant variant, ServiceEnv env) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("spring.config.location", "optional:classpath:/dbrace-no-config/");
    p.put("server.address", env.httpHost());
    p.put("server.port", Integer.toString(env.httpPort()));
    // TechEmpower's Server header on Tomcat (the WebFlux variants' Netty gets it from NettyServer's filter)
    p.put("server.server-header", SERVER);
    // E4's Tomcat: 200 request threads (Boot's default, pinned here) for mvc-jdbc; a virtual
    // thread per request for mvc-virtual. Netty ignores both.
    p.put("server.tomcat.threads.max", "200");
    p.put("spring.threads.virtual.enabled", Boolean.toString(variant.virtualThreads));
    p.put("logging.level.root", "WARN");
    // dbrace sends SIGKILL 10 s after SIGTERM: let in-flight requests finish, but well before that.
    p.put("server.shutdown", "graceful");
    p.put("spring.lifecycle.timeout-per-shutdown-phase", "5s");
    return p.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
  }
}
