package dev.dbrace.cli;

import dev.dbrace.cluster.BuildId;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.probe.EnvironmentProbe;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code dbrace} command line. Bad input is one line on stderr and exit code 2. */
@Command(
    name = "dbrace",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = {"Races database-access stacks on the same workload.",
        "Your own workload: write a scenario file (docs/scenario-file.md), check it with ./dbrace validate FILE, "
            + "race it with ./dbrace run FILE."},
    subcommands = {RunCommand.class, ValidateCommand.class, ServeRaceCommand.class, ServeCommand.class, CurveCommand.class,
        CapacityCommand.class, ReportCommand.class, CompareCommand.class, ExperimentCommand.class, ListCommand.class, DbCommand.class,
        AgentCommand.class, ClusterKeyCommand.class, DistCommand.class, CommandLine.HelpCommand.class})
public final class Main {
  public static void main(String[] args) {
    int code;
    try {
      code = execute(args);
    } catch (Throwable t) { // errors escape picocli's handler; still one line, not a trace wall
      if (RaceSession.interrupted()) {
        return; // Ctrl-C: the save-on-exit hook has told what was kept; the JVM is exiting already
      }
      System.err.println("dbrace: internal error: " + Secrets.redact(String.valueOf(t)));
      if (Boolean.getBoolean("dbrace.debug")) {
        t.printStackTrace();
      }
      code = 1;
    }
    System.exit(code);
  }

  /** Runs the command line and returns its exit code (tests call this in-process). */
  public static int execute(String... args) {
    CommandLine cl = new CommandLine(new Main());
    cl.setParameterExceptionHandler((ex, a) -> {
      PrintWriter err = ex.getCommandLine().getErr();
      err.println("dbrace: " + ex.getMessage() + " (see: dbrace " + commandPath(ex.getCommandLine()) + " --help)");
      return 2;
    });
    cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
      if (!(ex instanceof UserError) && ex.getCause() instanceof UserError u) {
        ex = u;
      }
      PrintWriter err = cmd.getErr();
      if (RaceSession.interrupted()) {
        return 130; // Ctrl-C: what the race's thread fails with as the database goes away is no news
      }
      if (ex instanceof UserError) {
        err.println("dbrace: " + Secrets.redact(ex.getMessage()));
        return 2;
      }
      err.println("dbrace: internal error: " + Secrets.redact(String.valueOf(ex)));
      if (Boolean.getBoolean("dbrace.debug")) {
        ex.printStackTrace(err);
      } else {
        err.println("dbrace: rerun with DBRACE_DEBUG=1 for the stack trace");
      }
      return 1;
    });
    return cl.execute(args);
  }

  private static String commandPath(CommandLine c) {
    String name = c.getCommandName();
    return name.equals("dbrace") ? "" : name;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"dbrace " + EnvironmentProbe.version() + " (" + EnvironmentProbe.gitRevision(Home.dir()) + "), build "
          + BuildId.current().shortValue()};
    }
  }
}
