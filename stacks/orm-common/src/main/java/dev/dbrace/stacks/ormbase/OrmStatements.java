package dev.dbrace.stacks.ormbase;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How an ORM stack runs the workload's SQL: the world-by-id select becomes an entity load
 * ({@code find(World.class, id)}), any other single read-only select a native query; anything
 * else (updates, DDL, several statements) it cannot express, and opening fails naming the
 * statement rather than skipping it. Shared by the Hibernate ORM and Hibernate Reactive stacks so
 * that both translate a workload the same way. Driver-free; immutable results.
 */
public final class OrmStatements {

  /** What the ORM does for one workload statement. */
  public sealed interface Action permits FindWorld, NativeSelect {}

  /**
   * {@code find(World.class, $1)}: one row {@code {id, randomnumber}}, or none when there is no
   * such row. Within one session a repeated id is served from the persistence context, without SQL.
   */
  public record FindWorld() implements Action {}

  /**
   * A native query, rows as the driver decodes them.
   *
   * @param sql the statement with JPA's positional {@code ?n} in place of each {@code $n}
   */
  public record NativeSelect(String sql) implements Action {}

  /** The world-by-id statement of the point-select, queries-20 and slow-mix workloads. */
  static final String WORLD_BY_ID = "select id, randomnumber from world where id = $1";

  private static final Pattern SPACE = Pattern.compile("\\s+");
  private static final Pattern DOLLAR = Pattern.compile("\\$(\\d+)");

  private OrmStatements() {}

  /**
   * Maps every statement; the array index is the statement's sqlId.
   *
   * @param stack the stack's name, for the message
   * @throws IllegalArgumentException "{@code <stack> cannot express workload statement: <sql>}"
   *     for the first statement that is neither the world-by-id select nor a single select
   */
  public static Action[] map(String stack, List<String> sql) {
    Action[] out = new Action[sql.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = map(stack, sql.get(i));
    }
    return out;
  }

  static Action map(String stack, String sql) {
    String s = SPACE.matcher(sql.strip()).replaceAll(" ");
    if (s.endsWith(";")) {
      s = s.substring(0, s.length() - 1).stripTrailing();
    }
    String lower = s.toLowerCase(Locale.ROOT);
    if (lower.equals(WORLD_BY_ID)) {
      return new FindWorld();
    }
    // A select reads and returns rows: a native query does exactly that. Writes would go through
    // entities in an ORM, and a second statement after ';' would be hidden from the mapping.
    if (lower.startsWith("select ") && !s.contains(";")) {
      return new NativeSelect(DOLLAR.matcher(s).replaceAll("?$1"));
    }
    throw new IllegalArgumentException(stack + " cannot express workload statement: " + sql);
  }

  /** The id of a FindWorld as the entity's Integer: find() rejects a Long for an Integer id. */
  public static Integer worldId(Object[] params) {
    if (params.length != 1 || !(params[0] instanceof Number n)) {
      throw new IllegalArgumentException("find(World, id) needs one numeric parameter, got " + List.of(params));
    }
    return Math.toIntExact(n.longValue());
  }

  /** A NativeSelect's results as rows: Object[] per row for several columns, the bare value for one. */
  public static List<Object[]> rows(List<?> results) {
    List<Object[]> out = new ArrayList<>(results.size());
    for (Object r : results) {
      out.add(r instanceof Object[] a ? a : new Object[] {r});
    }
    return out;
  }
}
