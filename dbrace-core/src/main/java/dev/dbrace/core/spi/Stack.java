package dev.dbrace.core.spi;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One opened way to reach the database: driver + pool + concurrency model.
 *
 * <p>The load generator calls {@link #execute} from many threads at once (its own and the
 * threads on which earlier operations completed), so implementations must be thread-safe.
 * Blocking stacks run the work on their own executor; reactive stacks adapt their
 * Mono/Future/Uni. The generator never knows which is which.
 */
public interface Stack extends AutoCloseable {

  /**
   * Runs the operation's statements in order, each one after the previous has completed, on
   * one connection taken from the pool for the whole operation (where the driver has a pool of
   * connections; a pipelining client may spread them). Completes with every statement's rows,
   * or exceptionally with the driver's error. Must not block the calling thread.
   */
  CompletionStage<OpResult> execute(Operation op);

  /**
   * Where an open loop should issue this stack's arrivals: null (the default) for a thread of the loop's own, or an
   * executor that runs its tasks one at a time on one thread, close to their scheduled time, such as the event loop a
   * stack writes its requests from. The arrivals then leave from the thread that sends them, without a hand-off
   * and a wake-up of a second thread each. {@link #execute} is then called on that executor's thread.
   */
  default ScheduledExecutorService arrivalExecutor() {
    return null;
  }

  /** Closes pools and threads; called once, after every operation has completed. */
  @Override
  void close() throws Exception;
}
