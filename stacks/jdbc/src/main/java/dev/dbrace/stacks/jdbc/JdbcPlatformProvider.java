package dev.dbrace.stacks.jdbc;

import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** {@code jdbc-platform}: a fixed pool of platform threads, as a servlet container has. */
public final class JdbcPlatformProvider extends JdbcStackProvider {

  @Override
  public String name() {
    return "jdbc-platform";
  }

  @Override
  public String description() {
    return "pgjdbc + HikariCP, blocking calls on a fixed pool of N platform threads"
        + " (N = --threads, default 200 like Tomcat)";
  }

  @Override
  ExecutorService newExecutor(StackConfig config) {
    int threads = config.threads();
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    return System.getProperty("dbrace.jdbc.plainPool") != null ? plain(threads) : new PlatformPool(threads, name());
  }

  ExecutorService plain(int threads) {
    AtomicInteger count = new AtomicInteger();
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            threads,
            threads,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread t = new Thread(task, name() + "-" + count.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    // Else each of the first N operations would start a thread while measured.
    executor.prestartAllCoreThreads();
    return executor;
  }
}
