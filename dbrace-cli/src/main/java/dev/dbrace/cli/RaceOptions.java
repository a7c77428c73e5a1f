package dev.dbrace.cli;

import dev.dbrace.cli.console.ConsoleOutput;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.UserError;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options every racing command shares (run, curve, capacity, serve-race, validate): the
 * scenario, the seed, the results folder and how wide the console's table is, beside the {@link DatabaseOptions}, {@link GuardOptions}
 * and, at the driver level, {@link StackOptions} mixins. The fields are what the command line said, or the default
 * when not given; {@link RequestResolver} reads the options given as the command line's layer of the race's inputs.
 */
public final class RaceOptions {
  @Option(names = "--scenario", description = "A scenario shipped with dbrace (scenarios/NAME.yaml, read like your own scenario file;"
      + " options given here override it): hibernate (E2: Hibernate ORM and Reactive beside the raw stacks beneath them on queries-20;"
      + " at the service level quarkus-orm and quarkus-reactive on /queries?queries=20), notification (E4, service level:"
      + " /notifications with 1,000 users at once, remote calls of 1-3 s) or node-e5 (E5, service level: the six Node.js"
      + " connection styles on /relations, 10000 requests 5 at a time, pool 5; on Firebird also the four async styles on the"
      + " firebird addon's libfbclient calls, node-fbclient-*).")
  String scenario;

  @Option(names = "--seed", description = "Seed of the parameter sequence (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", description = "Results folder (default: results/<timestamp>-<workload or endpoint>).")
  Path out;

  @Option(names = "--wide", description = "Print every column of the table at the end (some 300 characters wide: p99.9, max,"
      + " status, unfinished, CPU user/sys, page faults, context switches, the server's figures...); by default it shows the"
      + " figures compared first and fits 120 columns. race.json and summary.csv have every figure either way.")
  boolean wide;

  /** A race on this process's console: stdout for the results, stderr for progress (redrawn where it is a terminal). */
  RunListener console() {
    return new ConsoleOutput(System.out, System.err, RunCommand.tty(), wide);
  }

  /** "MIN-MAX" as two non-negative integers; a malformed one is the user's error naming {@code option}. */
  static int[] range(String text, String option) {
    String[] p = text.trim().split("-", 2);
    try {
      int min = Integer.parseInt(p[0].trim());
      int max = p.length == 2 ? Integer.parseInt(p[1].trim()) : min;
      UserError.require(min >= 0 && max >= min, option + " must be MIN-MAX with 0 <= MIN <= MAX, got " + text);
      return new int[] {min, max};
    } catch (NumberFormatException e) {
      throw new UserError(option + " must be MIN-MAX in milliseconds, e.g. 1000-3000, got " + text);
    }
  }
}
