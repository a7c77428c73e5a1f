package dev.dbrace.services.spring;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.springframework.boot.WebApplicationType;

/**
 * E4's variants: the web stack, its threads and the data access, chosen by the one program
 * argument (the descriptor's {@code args}). Everything else is the same code.
 */
enum Variant {
  MVC_JDBC("mvc-jdbc", WebApplicationType.SERVLET, false, false),
  MVC_VIRTUAL("mvc-virtual", WebApplicationType.SERVLET, true, false),
  /** E4's broken intermediate step: blocking JDBC and HTTP calls on Netty's event loop. */
  WEBFLUX_BLOCKING("webflux-blocking", WebApplicationType.REACTIVE, false, false),
  WEBFLUX_R2DBC("webflux-r2dbc", WebApplicationType.REACTIVE, false, true);

  final String id;
  final WebApplicationType web;
  final boolean virtualThreads;
  final boolean r2dbc;

  Variant(String id, WebApplicationType web, boolean virtualThreads, boolean r2dbc) {
    this.id = id;
    this.web = web;
    this.virtualThreads = virtualThreads;
    this.r2dbc = r2dbc;
  }

  boolean reactive() {
    return web == WebApplicationType.REACTIVE;
  }

  /** @throws IllegalArgumentException unless args is exactly one known variant id */
  static Variant fromArgs(String[] args) {
    String known = Arrays.stream(values()).map(v -> v.id).collect(Collectors.joining(", "));
    if (args.length != 1) {
      throw new IllegalArgumentException("expected one argument, the variant (" + known + "), got "
          + args.length);
    }
    for (Variant v : values()) {
      if (v.id.equals(args[0])) {
        return v;
      }
    }
    throw new IllegalArgumentException("unknown variant '" + args[0] + "'; known: " + known);
  }
}
