package dev.dbrace.core.run;

import dev.dbrace.core.load.SuccessLog;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The indexes of successful operations, one per line, appended to a file by {@link #flush} (the
 * worker's ticker calls it every second), so a worker that dies mid-run leaves what it had
 * counted. Completing threads only enqueue. Thread-safe.
 */
final class SuccessFile implements SuccessLog, AutoCloseable {
  private final ConcurrentLinkedQueue<Long> pending = new ConcurrentLinkedQueue<>();
  private final BufferedWriter out;

  SuccessFile(Path file) throws IOException {
    out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII);
  }

  @Override
  public void succeeded(long index) {
    pending.add(index);
  }

  synchronized void flush() {
    try {
      for (Long i; (i = pending.poll()) != null; ) {
        out.write(Long.toString(i));
        out.write('\n');
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    flush();
    out.close();
  }
}
