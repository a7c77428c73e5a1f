package dev.dbrace.core.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One workload statement translated, once, for a driver whose placeholders are positional
 * {@code ?} (JDBC, MariaDB's R2DBC driver, Vert.x's MySQL client), from the workload's numbered
 * {@code $1, $2 ...}. Immutable.
 *
 * <p>{@code ?} is positional while {@code $n} is numbered, so a statement that repeats a
 * placeholder or numbers them out of order needs {@link #paramOrder} to bind the right values;
 * {@link #bound} does that.
 *
 * @param text the SQL with {@code ?} placeholders
 * @param paramOrder for the i-th {@code ?}, the index into {@code Statement.params()}; null when
 *     that is simply i (the usual {@code $1, $2 ...} in order)
 */
public record PositionalSql(String text, int[] paramOrder) {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$(\\d+)");

  /** @throws IllegalArgumentException on {@code $0} */
  public static PositionalSql of(String sql) {
    List<Integer> order = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(sql);
    boolean identity = true;
    while (m.find()) {
      int param = Integer.parseInt(m.group(1)) - 1;
      if (param < 0) {
        throw new IllegalArgumentException("placeholder $0 in SQL: " + sql);
      }
      identity &= param == order.size();
      order.add(param);
    }
    int[] paramOrder = identity ? null : order.stream().mapToInt(Integer::intValue).toArray();
    return new PositionalSql(StackConfig.toJdbcPlaceholders(sql), paramOrder);
  }

  /** Translates every statement; the array index is the statement's sqlId. */
  public static PositionalSql[] all(List<String> sql) {
    PositionalSql[] out = new PositionalSql[sql.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = of(sql.get(i));
    }
    return out;
  }

  /** The values for the {@code ?}s in order: {@code params} itself when no reordering is needed. */
  public Object[] bound(Object[] params) {
    if (paramOrder == null) {
      return params;
    }
    Object[] out = new Object[paramOrder.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = params[paramOrder[i]];
    }
    return out;
  }
}
