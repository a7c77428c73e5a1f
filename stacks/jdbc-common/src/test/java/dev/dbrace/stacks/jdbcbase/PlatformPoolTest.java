package dev.dbrace.stacks.jdbcbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

public class PlatformPoolTest {

  @Test
  void taskSubmittedFromPoolThreadRunsThereNext() throws Exception {
    List<String> expected = List.of("a", "a done", "b:t-1", "c");
    PlatformPool pool = new PlatformPool(1, "t", true);
    List<String> order = new CopyOnWriteArrayList<>();
    pool.execute(
        () -> {
          order.add("a");
          pool.execute(() -> order.add("b:" + Thread.currentThread().getName()));
          pool.execute(() -> order.add("c")); // slot taken: queued
          order.add("a done");
        });
    finish(pool, order, expected.size());
    assertEquals(expected, order);
  }

  @Test
  void neverOvertakesQueuedTasks() throws Exception {
    List<String> expected = List.of("a", "x", "b");
    PlatformPool pool = new PlatformPool(1, "t", true);
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch queued = new CountDownLatch(1);
    pool.execute(
        () -> {
          await(queued);
          pool.execute(() -> order.add("b"));
          order.add("a");
        });
    pool.execute(() -> order.add("x")); // queued behind a
    queued.countDown();
    finish(pool, order, expected.size());
    assertEquals(expected, order);
  }

  @Test
  void queueHandoffKeepsSubmissionOrder() throws Exception {
    List<String> expected = List.of("a", "b");
    PlatformPool pool = new PlatformPool(1, "t", false);
    List<String> order = new CopyOnWriteArrayList<>();
    pool.execute(
        () -> {
          pool.execute(() -> order.add("b"));
          order.add("a");
        });
    finish(pool, order, expected.size());
    assertEquals(expected, order);
  }

  /** Tasks submitted after shutdown() are rejected, so wait for them all first. */
  private static void finish(PlatformPool pool, List<String> order, int tasks) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (order.size() < tasks && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    pool.shutdown();
    assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
