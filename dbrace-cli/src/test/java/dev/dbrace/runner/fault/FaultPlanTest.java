package dev.dbrace.runner.fault;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.Cli;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fault.FaultPlan.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --faults specs: what parses, and that every bad one is one line and exit 2 before any database starts. */
public class FaultPlanTest {

  @Test
  void parsesEveryKindInTimeOrder() {
    FaultPlan p = FaultPlan.parse("restart@9s, kill-connections@1s,latency=50ms@2s+1s,stall@4s+500ms,exhaust=3@6s+2s,"
        + "kill-connections@8500ms+250ms", 10_000, true);
    assertEquals(List.of(Kind.KILL_CONNECTIONS, Kind.LATENCY, Kind.STALL, Kind.EXHAUST, Kind.KILL_CONNECTIONS, Kind.RESTART),
        p.faults().stream().map(FaultPlan.Fault::kind).toList());
    assertEquals(new FaultPlan.Fault(Kind.LATENCY, 50, 2000, 1000), p.faults().get(1));
    assertEquals(new FaultPlan.Fault(Kind.EXHAUST, 3, 6000, 2000), p.faults().get(3));
    assertEquals("stall@4s+500ms", p.faults().get(2).describe());
    assertTrue(p.needsProxy());
    assertFalse(FaultPlan.parse("kill-connections@1s", 5000, false).needsProxy());
  }

  @Test
  void refusesWhatCannotBeDone() {
    bad("restart@2s", false, "only possible on the embedded database");
    bad("reboot@2s", true, "unknown fault 'reboot'");
    bad("latency@2s+1s", true, "latency needs a delay");
    bad("latency=50ms@2s", true, "needs a duration");
    bad("stall@2s", true, "needs a duration");
    bad("restart@2s+1s", true, "a restart has no duration");
    bad("kill-connections=3@2s", true, "takes no value");
    bad("kill-connections@9s+2s", true, "ends after the measured 10s");
    bad("kill-connections@0s", true, "must come after 0s");
    bad("latency=50ms@2s+3s,kill-connections@4s", true, "overlap");
    bad("kill-connections", true, "is not KIND[=VALUE]@AT[+FOR]");
    bad("kill-connections@soon", true, "not a duration");
    bad("exhaust=lots@2s+1s", true, "takes a number of connections");
  }

  private static void bad(String spec, boolean embedded, String expected) {
    UserError e = assertThrows(UserError.class, () -> FaultPlan.parse(spec, 10_000, embedded));
    assertTrue(e.getMessage().startsWith("--faults: "), e.getMessage());
    assertTrue(e.getMessage().contains(expected), () -> "'" + expected + "' in: " + e.getMessage());
  }

  @Test
  void badSpecsOnTheCommandLineAreOneLineAndExit2() {
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "10", "--duration", "5s", "--faults", "reboot@1s"),
        "unknown fault 'reboot'");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "10", "--duration", "5s", "--faults", "kill-connections@6s"),
        "ends after the measured 5s");
    assertOneLineError(Cli.run("run", "--duration", "5s", "--faults", "kill-connections@1s"), "--faults needs --load open");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "10", "--duration", "5s", "--url", "postgresql://u@127.0.0.1:1/db",
        "--faults", "restart@1s"), "restart is only possible on the embedded database");
  }
}
