package dev.dbrace.core.workload;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A check on one column of every returned row; {@link #check} returns null when it passes. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = ColumnCheck.EqualsParam.class, name = "equals-param"),
  @JsonSubTypes.Type(value = ColumnCheck.IntRange.class, name = "int-range"),
  @JsonSubTypes.Type(value = ColumnCheck.NotBlank.class, name = "not-blank")
})
public sealed interface ColumnCheck {

  int column();

  String check(Object value, Object[] params);

  /** The column equals a bind parameter (compared as numbers when both are numbers). */
  record EqualsParam(int column, int param) implements ColumnCheck {
    @Override
    public String check(Object value, Object[] params) {
      Object expected = params[param];
      boolean same =
          value instanceof Number n && expected instanceof Number e
              ? n.longValue() == e.longValue()
              : expected.equals(value);
      return same ? null : "column " + column + " is " + value + ", expected " + expected;
    }
  }

  /** The column is an integer in [min, max]. */
  record IntRange(int column, long min, long max) implements ColumnCheck {
    @Override
    public String check(Object value, Object[] params) {
      if (value instanceof Number n && n.longValue() >= min && n.longValue() <= max) {
        return null;
      }
      return "column " + column + " is " + value + ", expected " + min + ".." + max;
    }
  }

  /** The column is a non-blank string. */
  record NotBlank(int column) implements ColumnCheck {
    @Override
    public String check(Object value, Object[] params) {
      return value instanceof String s && !s.isBlank() ? null : "column " + column + " is blank";
    }
  }
}
