package dev.dbrace.stacks.jdbcbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.StackConfig;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code --threads N} is a fixed pool of N threads; {@code --threads elastic} starts one per blocked task in flight. */
class ElasticPoolTest {

  private static StackConfig config(int threads) {
    return new StackConfig("127.0.0.1", 5432, "db", "user", null, 4, threads, List.of(), "test", Map.of());
  }

  /** Submits {@code tasks} tasks that all block until released; returns the pool's size while they block. */
  private static int sizeWhileBlocked(PlatformPool pool, int tasks) throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    for (int i = 0; i < tasks; i++) {
      pool.execute(() -> {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
    Thread.sleep(200);
    int size = pool.getPoolSize();
    release.countDown();
    pool.shutdown();
    assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    return size;
  }

  @Test
  void elasticGrowsAThreadPerBlockedTaskAndFixedStaysFixed() throws Exception {
    PlatformPool elastic = PlatformPool.of(config(StackConfig.ELASTIC_THREADS), "t", true);
    assertEquals(0, elastic.getPoolSize(), "no thread up front");
    assertEquals(40, sizeWhileBlocked(elastic, 40));
    assertEquals(4, sizeWhileBlocked(PlatformPool.of(config(4), "t", true), 40));
    assertThrows(IllegalArgumentException.class, () -> PlatformPool.of(config(-1), "t", true));
  }
}
