package dev.dbrace.core.spi;

/**
 * One SQL statement to execute.
 *
 * @param sqlId index into {@link StackConfig#sql()}
 * @param params bind values ({@code Integer}, {@code Long}, {@code String}, {@code Double}), in
 *     placeholder order; never mutated
 */
public record Statement(int sqlId, Object[] params) {}
