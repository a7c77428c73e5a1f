package dev.dbrace.generators.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * GET requests over a fixed pool of keep-alive HTTP/1.1 connections, on Netty (its HTTP codec parses the answers): at
 * most {@code connections} connections, each opened when a request finds none free and one fewer than that is open (so
 * lazily, as demand grows), one request in flight on each; a request that finds every connection busy waits in an
 * unbounded first-in, first-out queue. A connection that closes or fails is dropped and, while requests wait, replaced.
 * Thread-safe: {@link #submit} from any thread; the exchange hears its answer on its connection's event loop.
 */
final class KeepAliveClient implements AutoCloseable {
  static {
    // Netty's leak sampling takes a stack trace for one buffer in 128, every request allocating several: ~3 % of the
    // event loop's CPU at /db. Off, unless asked for (-Dio.netty.leakDetection.level=paranoid, as this module's tests run).
    if (System.getProperty("io.netty.leakDetection.level") == null && System.getProperty("io.netty.leakDetectionLevel") == null) {
      ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }
  }

  private final EventLoopGroup group;
  /** The event loop an open loop issues its arrivals on (the only one at the default of one). */
  private final EventLoop arrivalLoop;
  private final Bootstrap bootstrap;
  private final boolean nativeTransport;
  /** Every request's headers (Host), never changed once built: Netty's encoder only reads them. */
  private final HttpHeaders headers;
  private final int connections;
  private final ChannelFutureListener connected = this::connected;

  private final Object lock = new Object();
  /** Free connections, the last freed first (its buffers and caches warmest). */
  private final ArrayDeque<ClientConnection> free = new ArrayDeque<>();
  private final ArrayDeque<Exchange> waiting = new ArrayDeque<>();
  /** Connections open or opening. */
  private int open;
  private boolean closed;

  private KeepAliveClient(String host, int port, int connections, int eventLoops, String transport, long connectTimeoutMs) {
    this.nativeTransport = switch (transport) {
      case "epoll" -> {
        if (!Epoll.isAvailable()) {
          Throwable why = Epoll.unavailabilityCause();
          throw new IllegalStateException("http.transport=epoll: Netty's native epoll transport is not available here"
              + (why == null ? "" : ": " + why.getMessage()));
        }
        yield true;
      }
      case "nio" -> false;
      default -> Epoll.isAvailable();
    };
    this.connections = connections;
    this.headers = new DefaultHttpHeaders().add(HttpHeaderNames.HOST, host + ":" + port);
    IoHandlerFactory io = nativeTransport ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    this.group = new MultiThreadIoEventLoopGroup(eventLoops, new DefaultThreadFactory("dbrace-http", true), io);
    this.arrivalLoop = group.next();
    this.bootstrap = new Bootstrap().group(group).channel(nativeTransport ? EpollSocketChannel.class : NioSocketChannel.class)
        .remoteAddress(new InetSocketAddress(host, port))
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeoutMs)
        .option(ChannelOption.TCP_NODELAY, true)
        .handler(new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            ch.pipeline().addLast(new HttpClientCodec(), new ClientConnection(KeepAliveClient.this, ch));
          }
        });
  }

  /**
   * @param transport {@code epoll} (an error where Netty's native transport does not load), {@code nio}, or {@code auto}
   *     (epoll where it loads)
   */
  static KeepAliveClient open(String host, int port, int connections, int eventLoops, String transport, long connectTimeoutMs) {
    return new KeepAliveClient(host, port, connections, eventLoops, transport, connectTimeoutMs);
  }

  boolean nativeTransport() {
    return nativeTransport;
  }

  /** The event loop on which to submit requests with the fewest hand-offs (an open loop's arrivals). */
  EventLoop arrivalLoop() {
    return arrivalLoop;
  }

  /** Sends the exchange's request on a free connection, opens one for it, or queues it until one is free. */
  void submit(Exchange e) {
    submit(e, false);
  }

  /** A request that found its connection closed before it left: first in line again. */
  void resubmit(Exchange e) {
    submit(e, true);
  }

  private void submit(Exchange e, boolean first) {
    ClientConnection c = null;
    boolean connect = false;
    boolean refused;
    synchronized (lock) {
      refused = closed;
      if (!refused && (c = free.pollFirst()) == null) {
        if (first) {
          waiting.addFirst(e);
        } else {
          waiting.addLast(e);
        }
        if (open < connections) {
          open++;
          connect = true;
        }
      }
    }
    if (c != null) {
      c.send(e);
    } else if (refused) {
      e.failed(new IllegalStateException("the HTTP generator was closed"));
    } else if (connect) {
      bootstrap.connect().addListener(connected);
    }
  }

  private void connected(ChannelFuture f) {
    if (f.isSuccess()) {
      release(f.channel().pipeline().get(ClientConnection.class));
      return;
    }
    Exchange failed;
    boolean again;
    synchronized (lock) {
      open--;
      failed = waiting.pollFirst(); // the request that asked for the connection, or the one now first in line
      again = reopen();
    }
    if (again) {
      bootstrap.connect().addListener(connected);
    }
    if (failed != null) {
      failed.failed(f.cause());
    }
  }

  /** A connection whose answer was read: the first waiting request goes out on it, or it waits for the next. */
  void release(ClientConnection c) {
    Exchange next;
    synchronized (lock) {
      if (c.discarded) {
        return;
      }
      next = waiting.pollFirst();
      if (next == null) {
        free.addFirst(c);
      }
    }
    if (next != null) {
      c.send(next);
    }
  }

  /** A connection closed or closing: no longer counted; while requests wait, another is opened in its place. */
  void discard(ClientConnection c) {
    boolean again;
    synchronized (lock) {
      if (c.discarded) {
        return;
      }
      c.discarded = true;
      free.remove(c);
      open--;
      again = reopen();
    }
    if (again) {
      bootstrap.connect().addListener(connected);
    }
  }

  /** Under the lock: whether a request waits for a connection that nothing is opening yet; if so, counts the one to open. */
  private boolean reopen() {
    if (closed || waiting.isEmpty() || open >= connections) {
      return false;
    }
    open++;
    return true;
  }

  /** A new request for {@code path}: the shared headers, no body (Netty's empty buffer, which release leaves alone). */
  HttpRequest request(String path) {
    return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.EMPTY_BUFFER, headers,
        EmptyHttpHeaders.INSTANCE);
  }

  /** Fails the requests still waiting and closes every connection and event loop (within seconds). */
  @Override
  public void close() {
    List<Exchange> left;
    synchronized (lock) {
      closed = true;
      left = new ArrayList<>(waiting);
      waiting.clear();
    }
    left.forEach(e -> e.failed(new IllegalStateException("the HTTP generator was closed")));
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
  }
}
