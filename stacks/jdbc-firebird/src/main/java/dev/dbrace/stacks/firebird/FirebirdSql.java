package dev.dbrace.stacks.firebird;

import dev.dbrace.core.spi.StackConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One workload statement translated for Jaybird, once, when the stack opens. Immutable.
 *
 * <p>JDBC's {@code ?} is positional while {@code $n} is numbered, so a statement that repeats a
 * placeholder or numbers them out of order needs {@link #paramOrder} to bind the right values.
 *
 * @param text the SQL with {@code ?} placeholders
 * @param paramOrder for the i-th {@code ?}, the index into {@code Statement.params()}; null when
 *     that is simply i (the usual {@code $1, $2 ...} in order)
 */
record FirebirdSql(String text, int[] paramOrder) {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$(\\d+)");

  static FirebirdSql of(String sql) {
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
    return new FirebirdSql(StackConfig.toJdbcPlaceholders(sql), paramOrder);
  }

  /** Translates every statement; the list index is the statement's sqlId. */
  static FirebirdSql[] all(List<String> sql) {
    FirebirdSql[] out = new FirebirdSql[sql.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = of(sql.get(i));
    }
    return out;
  }
}
