package dev.dbrace.core.spi;

import java.util.List;

/**
 * What the database returned for one operation: for each statement, its rows, each row its
 * column values as the driver decoded them (Integer, Long, String, ...). Update statements give
 * an empty row list and their update count.
 */
public record OpResult(List<List<Object[]>> rows, long[] updateCounts) {

  public static OpResult ofRows(List<List<Object[]>> rows) {
    return new OpResult(rows, new long[rows.size()]);
  }
}
