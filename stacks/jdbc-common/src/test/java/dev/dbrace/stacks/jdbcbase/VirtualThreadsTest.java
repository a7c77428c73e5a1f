package dev.dbrace.stacks.jdbcbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

public class VirtualThreadsTest {

  @Test
  void taskSubmittedFromItsVirtualThreadRunsThereNext() throws Exception {
    VirtualThreads threads = new VirtualThreads("v-", true);
    List<Thread> ran = new CopyOnWriteArrayList<>();
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(3);
    threads.execute(() -> {
      ran.add(Thread.currentThread());
      order.add("a");
      threads.execute(() -> {
        ran.add(Thread.currentThread());
        order.add("b");
        done.countDown();
      });
      threads.execute(() -> { // the slot is taken: a thread of its own
        ran.add(Thread.currentThread());
        done.countDown();
      });
      order.add("a done");
      done.countDown();
    });
    assertTrue(done.await(10, TimeUnit.SECONDS));
    assertTrue(ran.get(0).isVirtual());
    assertEquals(List.of("a", "a done", "b"), order);
    assertEquals(2, ran.stream().filter(t -> t == ran.get(0)).count(), "a and b on one thread");
    assertEquals(2, ran.stream().distinct().count(), "the third task on another");
    finish(threads);
  }

  @Test
  void newHandoffStartsAThreadForEveryTask() throws Exception {
    VirtualThreads threads = new VirtualThreads("v-", false);
    List<Thread> ran = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(2);
    threads.execute(() -> {
      ran.add(Thread.currentThread());
      threads.execute(() -> {
        ran.add(Thread.currentThread());
        done.countDown();
      });
      done.countDown();
    });
    assertTrue(done.await(10, TimeUnit.SECONDS));
    assertNotEquals(ran.get(0), ran.get(1));
    finish(threads);
  }

  @Test
  void aTaskThatThrowsDoesNotLoseTheOneItHandedOff() throws Exception {
    VirtualThreads threads = new VirtualThreads("v-", true);
    CountDownLatch done = new CountDownLatch(1);
    Thread.UncaughtExceptionHandler quiet = (t, e) -> { };
    threads.execute(() -> {
      Thread.currentThread().setUncaughtExceptionHandler(quiet);
      threads.execute(done::countDown);
      throw new IllegalStateException("boom");
    });
    assertTrue(done.await(10, TimeUnit.SECONDS));
    finish(threads);
  }

  @Test
  void afterShutdownNothingIsHandedOffAndAwaitWaitsForRunningChains() throws Exception {
    VirtualThreads threads = new VirtualThreads("v-", true);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<String> rejected = new CopyOnWriteArrayList<>();
    threads.execute(() -> {
      started.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      try {
        threads.execute(() -> rejected.add("ran after shutdown"));
      } catch (RejectedExecutionException e) {
        rejected.add("rejected");
      }
    });
    assertTrue(started.await(10, TimeUnit.SECONDS));
    threads.shutdown();
    assertFalse(threads.awaitTermination(100, TimeUnit.MILLISECONDS), "terminated with a task running");
    release.countDown();
    assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
    assertEquals(List.of("rejected"), rejected);
  }

  private static void finish(VirtualThreads threads) throws InterruptedException {
    threads.shutdown();
    assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
  }
}
