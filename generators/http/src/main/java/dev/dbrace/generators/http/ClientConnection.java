package dev.dbrace.generators.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One keep-alive connection of the {@link KeepAliveClient}, behind Netty's {@code HttpClientCodec}: one request at a
 * time (no pipelining), its answer read as it arrives (the body kept for the checks; a streamed answer's lines watched
 * for its first item), then the connection handed back to the client, or closed when the server said
 * {@code Connection: close}. A request not answered within its timeout, an error or a close fails the request and
 * closes the connection, so a late answer can never be taken for the next request's. Every method but
 * {@link #send} runs on the channel's event loop; {@code send} moves itself there.
 */
final class ClientConnection extends ChannelInboundHandlerAdapter {
  private static final byte[] EMPTY = {};
  private final KeepAliveClient client;
  private final Channel channel;
  private final Runnable checkTimeout = this::checkTimeout;
  /** Set under the client's lock once the client no longer counts this connection. */
  boolean discarded;

  private Exchange exchange;
  private int status;
  private String contentType;
  private boolean keepAlive;
  private boolean streamed;
  private ByteBuf body;
  /** Where the streamed body's current line starts, from the body's reader index. */
  private int lineStart;

  private long deadline;
  /**
   * One timer per connection, re-armed lazily: it fires at the latest at the current request's deadline and then
   * either fails it or sleeps until the request now in flight is due, so a request costs no timer of its own.
   */
  private ScheduledFuture<?> timer;
  private long timerAt;

  ClientConnection(KeepAliveClient client, Channel channel) {
    this.client = client;
    this.channel = channel;
  }

  /** Sends the exchange's request, from any thread; one not yet sent on a connection already closed goes back to the client. */
  void send(Exchange e) {
    if (!channel.eventLoop().inEventLoop()) {
      channel.eventLoop().execute(() -> send(e));
      return;
    }
    if (!channel.isActive()) {
      client.resubmit(e);
      return;
    }
    exchange = e;
    long now = System.nanoTime();
    if (e.sent == 0) {
      e.sent = now;
    }
    deadline = now + TimeUnit.MILLISECONDS.toNanos(e.timeoutMs);
    if (timer == null || timerAt - deadline > 0) {
      if (timer != null) {
        timer.cancel(false);
      }
      arm(deadline - now);
    }
    channel.writeAndFlush(client.request(e.path), channel.voidPromise());
  }

  private void arm(long inNanos) {
    timerAt = System.nanoTime() + inNanos;
    timer = channel.eventLoop().schedule(checkTimeout, inNanos, TimeUnit.NANOSECONDS);
  }

  private void checkTimeout() {
    timer = null;
    if (exchange == null) {
      return;
    }
    long left = deadline - System.nanoTime();
    if (left > 0) {
      arm(left);
      return;
    }
    fail(new TimeoutException("request timeout: no complete answer within " + exchange.timeoutMs + " ms"));
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (((HttpObject) msg).decoderResult().isFailure()) {
        fail(((HttpObject) msg).decoderResult().cause());
      } else if (exchange == null) {
        channel.close(); // an answer no request of this connection waits for
      } else {
        if (msg instanceof HttpResponse r) {
          start(r);
        }
        if (msg instanceof HttpContent c) {
          append(c.content());
          if (msg instanceof LastHttpContent) {
            finish();
          }
        }
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void start(HttpResponse r) {
    status = r.status().code();
    contentType = r.headers().get(HttpHeaderNames.CONTENT_TYPE);
    keepAlive = HttpUtil.isKeepAlive(r);
    streamed = streamed(contentType);
    lineStart = 0;
  }

  /** NDJSON (and the older stream+json): an answer whose items are lines, each one complete as it arrives. */
  static boolean streamed(String contentType) {
    return contentType != null && (contentType.regionMatches(true, 0, "application/x-ndjson", 0, 20)
        || contentType.regionMatches(true, 0, "application/stream+json", 0, 23));
  }

  /** Keeps the chunk (the first as it is, more in a composite) and, in a stream, looks for the first complete line. */
  private void append(ByteBuf chunk) {
    if (!chunk.isReadable()) {
      return;
    }
    int from = body == null ? 0 : body.readableBytes();
    if (body == null) {
      body = chunk.retain();
    } else {
      if (!(body instanceof CompositeByteBuf)) {
        body = channel.alloc().compositeBuffer().addComponent(true, body);
      }
      ((CompositeByteBuf) body).addComponent(true, chunk.retain());
    }
    if (streamed && exchange.firstItem == 0) {
      firstLine(from);
    }
  }

  private void firstLine(int from) {
    int origin = body.readerIndex();
    for (int lf; (lf = body.indexOf(origin + from, body.writerIndex(), (byte) '\n')) >= 0; from = lineStart) {
      if (!body.toString(origin + lineStart, lf - origin - lineStart, StandardCharsets.UTF_8).isBlank()) {
        exchange.firstItem = System.nanoTime();
        return;
      }
      lineStart = lf - origin + 1;
    }
  }

  private void finish() {
    Exchange e = exchange;
    long now = System.nanoTime();
    e.lastByte = now;
    if (e.firstItem == 0) {
      e.firstItem = now; // buffered, or a stream whose one line had no newline after it
    }
    Answers.Answer answer = new Answers.Answer(status, contentType, body == null ? EMPTY : ByteBufUtil.getBytes(body));
    releaseBody();
    exchange = null;
    if (!keepAlive) {
      client.discard(this);
      channel.close();
    }
    e.answered(answer);
    if (keepAlive) {
      client.release(this); // free once its answer was handed on (and checked), as a pooled client frees it
    }
  }

  /** Fails the request in flight, if any, and closes the connection: whatever it still carries belongs to no request. */
  private void fail(Throwable error) {
    Exchange e = exchange;
    exchange = null;
    releaseBody();
    client.discard(this);
    channel.close();
    if (e != null) {
      e.failed(error);
    }
  }

  private void releaseBody() {
    if (body != null) {
      body.release();
      body = null;
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    fail(cause);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
    fail(new IOException("connection closed before the answer's last byte"));
  }
}
