package dev.dbrace.runner.fault;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on 127.0.0.1 in front of the database, through which a fault run's worker connects,
 * so latency and stalls can be put between the stack and the server. Every connection is two
 * pumps (client to server, server to client), each a reader and a writer on virtual threads with a
 * queue between them: {@link #latency} holds each chunk from the server until it is that old (one
 * added delay per round trip, as toxiproxy's downstream latency toxic), {@link #stall} holds all
 * traffic both ways with the connections left open, as a network partition does.
 *
 * <p>Why not toxiproxy: it is a Go program, so a clean clone would need a Go toolchain to build it
 * (CI has only a JDK and Maven), and its tests would skip there. This one is ~150 lines on the
 * JDK alone and the tests always run it. Thread-safe.
 */
public final class FaultProxy implements AutoCloseable {
  private static final byte[] END = new byte[0];

  private record Chunk(byte[] data, long readAtNanos) {}

  private final ServerSocket server;
  private final String host;
  private final int port;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private volatile long delayNanos;
  private volatile boolean stalled;
  private volatile boolean closed;

  /** Listens on a free port of 127.0.0.1 and forwards every connection to {@code host:port}. */
  public FaultProxy(String host, int port) throws IOException {
    this.host = host;
    this.port = port;
    server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    Thread.ofVirtual().name("dbrace-proxy-accept").start(this::acceptLoop);
  }

  public int port() {
    return server.getLocalPort();
  }

  /** Adds {@code ms} to every answer from the server from now on; 0 removes it. */
  void latency(long ms) {
    delayNanos = TimeUnit.MILLISECONDS.toNanos(ms);
  }

  /** Holds (true) or releases (false) all traffic, both ways. */
  void stall(boolean on) {
    stalled = on;
  }

  /** Connections open through the proxy now (for tests). */
  int connections() {
    return sockets.size() / 2;
  }

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      try {
        Socket upstream = new Socket(host, port);
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        sockets.add(client);
        sockets.add(upstream);
        pump(client, upstream, false);
        pump(upstream, client, true);
      } catch (IOException e) {
        closeQuietly(client); // the database refused: so does the proxy
      }
    }
  }

  private void pump(Socket from, Socket to, boolean delayed) throws IOException {
    InputStream in = from.getInputStream();
    OutputStream out = to.getOutputStream();
    BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
    Thread.ofVirtual().start(() -> {
      byte[] buf = new byte[16 * 1024];
      try {
        for (int n; (n = in.read(buf)) > 0; ) {
          queue.add(new Chunk(Arrays.copyOf(buf, n), System.nanoTime()));
        }
      } catch (IOException e) {
        // the socket was closed or reset: end this direction
      }
      queue.add(new Chunk(END, 0));
    });
    Thread.ofVirtual().start(() -> {
      try {
        while (true) {
          Chunk c = queue.take();
          if (c.data() == END) {
            to.shutdownOutput();
            return;
          }
          holdBack(c, delayed);
          out.write(c.data());
          out.flush();
        }
      } catch (IOException | InterruptedException e) {
        // fall through: a broken direction breaks the connection
      }
      closeQuietly(from);
      closeQuietly(to);
    });
  }

  /** Waits while stalled and, server to client, until the chunk is as old as the current delay. */
  private void holdBack(Chunk c, boolean delayed) throws InterruptedException {
    while (true) {
      if (stalled && !closed) {
        Thread.sleep(2);
        continue;
      }
      long wait = delayed ? c.readAtNanos() + delayNanos - System.nanoTime() : 0;
      if (wait <= 0) {
        return;
      }
      TimeUnit.NANOSECONDS.sleep(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(5)));
    }
  }

  private void closeQuietly(Socket s) {
    sockets.remove(s);
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    sockets.forEach(this::closeQuietly);
  }
}
