package dev.dbrace.services.spring;

import dev.dbrace.services.spring.Rows.Film;
import dev.dbrace.services.spring.Rows.Fortune;
import dev.dbrace.services.spring.Rows.World;
import java.util.List;

/**
 * The service's queries, blocking: each call holds the calling thread until PostgreSQL answers.
 * The SQL is the contract's, in each implementation's placeholder style.
 * Implementations are thread-safe; {@link #close()} releases the pool.
 */
interface Repository extends AutoCloseable {
  /** One world row; fails if there is none. */
  World world(int id);

  /** Each id read by its own SELECT, on one connection, in order. */
  List<World> worlds(int[] ids);

  /**
   * Reads each row by its own SELECT, then sets {@code ids[i]}'s randomNumber to
   * {@code numbers[i]} (one batch) and returns the rows as written. With a repeated id the last
   * number wins, as the array order says.
   */
  List<World> update(int[] ids, int[] numbers);

  List<Fortune> fortunes();

  Fortune fortune(int id);

  /** The film, or null when there is none. */
  Film film(int fid);

  /**
   * E4's slow source for {@code user}: slow_world's row {@link Requests#slowId} found by a scan of its
   * 1 M rows (DBRACE_SLOW_SOURCE=query), or world's row after pg_sleep({@link Requests#slowSeconds}).
   */
  World slow(int user);

  @Override
  void close();
}
