package dev.dbrace.generators.http;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * GET requests over a pool of keep-alive HTTP/1.1 connections ({@link KeepAliveClient}, on Netty), one request per
 * statement of an operation, each answer checked ({@link Answers}) before it counts. Thread-safe: {@link #execute} may
 * be called from any thread; operations complete on the client's event loops.
 */
public final class HttpGenerator implements Stack {
  /** The least time the start's /health probe gets, whatever the request timeout. */
  static final long HEALTH_TIMEOUT_MS = 10_000;

  private final KeepAliveClient client;
  private final HttpSettings settings;
  /** Every answer of an endpoint with a fixed body (/relations) must be the first's bytes. */
  private final Answers.SameBody sameBody = new Answers.SameBody();
  /** By statement (its sqlId): whether the contract's endpoint there answers a fixed page ({@link Answers#fixedPage}). */
  private final boolean[] fixedPage;
  /** The last contract answer checked at a fixed page's endpoint, and its rows: see {@link #rows}. */
  private volatile Checked lastChecked;

  /** A contract answer (status 200) at {@code path} that passed {@link Answers#rows}, and the rows it read as. */
  private record Checked(String path, String contentType, byte[] body, List<Object[]> rows) {
    boolean same(String path, Answers.Answer a) {
      return a.status() == 200 && this.path.equals(path) && Objects.equals(contentType, a.contentType())
          && Arrays.equals(body, a.bytes());
    }
  }

  private HttpGenerator(KeepAliveClient client, HttpSettings settings) {
    this.client = client;
    this.settings = settings;
    this.fixedPage = new boolean[settings.paths().size()];
    for (int i = 0; i < fixedPage.length; i++) {
      fixedPage[i] = Answers.fixedPage(settings.paths().get(i));
    }
  }

  static HttpGenerator open(HttpSettings s) throws Exception {
    HttpGenerator stack = new HttpGenerator(KeepAliveClient.open(s.host(), s.port(), s.connections(), s.eventLoops(),
        s.transport(), Math.min(s.timeoutMs(), 10_000)), s);
    try {
      // proves the service answers before any load: /health is in every variant's contract (a service file names its
      // own health path); a cold client's first request (connection, class loading) may take longer than a short
      // --request-timeout, so it gets 10 s at least
      long healthMs = Math.max(s.timeoutMs(), HEALTH_TIMEOUT_MS);
      Probe health = new Probe(s.health(), healthMs);
      stack.client.submit(health);
      Answers.Answer a;
      try {
        a = health.answer.get(healthMs + 1_000, TimeUnit.MILLISECONDS);
      } catch (ExecutionException e) {
        throw e.getCause() instanceof Exception cause ? cause : e;
      }
      if (a.status() != 200) {
        throw new IllegalStateException("the service's " + s.health() + " answered " + a.status());
      }
    } catch (Exception e) {
      stack.close();
      throw e;
    }
    return stack;
  }

  /**
   * The operation's requests, one after the other. Its result carries when the first request actually left: a
   * request waits in the client's queue while every connection is busy, and its time starts only when a connection
   * took it, so the open loop's service latency (the service's time) leaves the wait in the generator out. It also
   * carries when the first complete item of the first answer arrived: a streamed answer's first line, else the
   * answer's last byte; when that was the operation's last byte too, the first item's time is the operation's latency
   * ({@link OpResult#FIRST_ITEM_AT_END}).
   */
  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    Call call = new Call(op.statements());
    call.next();
    return call.result;
  }

  /** An operation in flight: one exchange submitted again for each of its statements, its rows gathered as they come. */
  private final class Call extends Exchange {
    final CompletableFuture<OpResult> result = new CompletableFuture<>();
    private final List<Statement> statements;
    private final List<List<Object[]>> gathered;
    private String template;

    Call(List<Statement> statements) {
      super(settings.timeoutMs());
      this.statements = statements;
      this.gathered = new ArrayList<>(statements.size());
    }

    void next() {
      Statement s = statements.get(gathered.size());
      template = settings.paths().get(s.sqlId());
      path = Answers.path(template, s.params());
      client.submit(this);
    }

    @Override
    void answered(Answers.Answer a) {
      try {
        gathered.add(rows(template, path, statements.get(gathered.size()), a));
      } catch (RuntimeException e) {
        result.completeExceptionally(e);
        return;
      }
      if (gathered.size() < statements.size()) {
        next();
      } else {
        result.complete(new OpResult(gathered, new long[gathered.size()], gathered.size(), sent,
            firstItem == lastByte ? OpResult.FIRST_ITEM_AT_END : firstItem));
      }
    }

    @Override
    void failed(Throwable error) {
      result.completeExceptionally(error);
    }
  }

  /** A request outside any operation (the health probe): its answer unchecked. */
  private static final class Probe extends Exchange {
    final CompletableFuture<Answers.Answer> answer = new CompletableFuture<>();

    Probe(String path, long timeoutMs) {
      super(timeoutMs);
      this.path = path;
    }

    @Override
    void answered(Answers.Answer a) {
      answer.complete(a);
    }

    @Override
    void failed(Throwable error) {
      answer.completeExceptionally(error);
    }
  }

  /**
   * A service file's endpoint is checked as the file says; the contract's endpoints as the contract says. The
   * contract's check is a function of the path, the parameters and the answer, so an answer at an endpoint that
   * answers a fixed page (/fortunes) byte for byte the last one checked there reads as the same rows without reading
   * it again: parsing the page was a fifth of the generator's CPU (docs/decisions.md). Every answer's bytes are still
   * compared in full, and its rows go to the workload's check as any others. The endpoints of rows drawn at random
   * (/db, /queries...) are read each time, with nothing remembered: their answers seldom repeat.
   */
  private List<Object[]> rows(String template, String path, Statement s, Answers.Answer a) {
    FileAnswers fileAnswers = settings.fileAnswers().get(template);
    if (fileAnswers != null) {
      return fileAnswers.rows(a, s.params());
    }
    if (!fixedPage[s.sqlId()]) {
      return Answers.rows(path, s.params(), a, sameBody, settings.sources());
    }
    Checked last = lastChecked;
    if (last != null && last.same(path, a)) {
      return last.rows();
    }
    List<Object[]> rows = List.copyOf(Answers.rows(path, s.params(), a, sameBody, settings.sources()));
    lastChecked = new Checked(path, a.contentType(), a.bytes(), rows); // reached by a status 200 only: others throw
    return rows;
  }

  /**
   * The client's event loop: an open loop issues its arrivals there, so that a request is written by the thread that
   * took it off the schedule, without waking a scheduler thread and then the event loop for each (at the default of
   * one event loop, every connection's).
   */
  @Override
  public ScheduledExecutorService arrivalExecutor() {
    return client.arrivalLoop();
  }

  /** Whether Netty's native epoll transport carries the connections (for tests). */
  boolean nativeTransport() {
    return client.nativeTransport();
  }

  /** The fixed body's size and hash once one was answered, else null. */
  Map<String, String> bodyFingerprint() {
    return sameBody.fingerprint();
  }

  @Override
  public void close() {
    client.close();
  }
}
