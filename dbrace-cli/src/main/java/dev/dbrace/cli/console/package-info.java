/**
 * What a race prints: the live progress line or bars ({@code ConsoleProgress}), the table and verdict
 * ({@code ConsoleTable}), the fault and experiment tables. Reads results; computes no figure of its own.
 */
package dev.dbrace.cli.console;
