package dev.dbrace.runner.probe;

import com.sun.management.OperatingSystemMXBean;
import dev.dbrace.core.result.Race;
import dev.dbrace.runner.DatabaseSession;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Facts about the machine and build that make a result rerunnable. */
public final class EnvironmentProbe {
  private EnvironmentProbe() {}

  public static Race.Environment of(Path home, DatabaseSession db) {
    var os = ManagementFactory.getOperatingSystemMXBean();
    long memMb = os instanceof OperatingSystemMXBean sun ? sun.getTotalMemorySize() >> 20 : 0;
    return new Race.Environment(
        version(),
        gitRevision(home),
        System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " " + Runtime.version(),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
        Runtime.getRuntime().availableProcessors(),
        memMb,
        db.target().redactedUrl(),
        db.embedded(),
        db.serverVersion(),
        db.pinnedCpus());
  }

  public static String version() {
    String v = EnvironmentProbe.class.getPackage().getImplementationVersion();
    return v == null ? "0.1.0-SNAPSHOT" : v;
  }

  /** The checkout's commit, with -dirty when it has uncommitted changes; "unknown" outside git. */
  public static String gitRevision(Path home) {
    String rev = git(home, "rev-parse", "--short=12", "HEAD");
    if (rev == null) {
      return "unknown";
    }
    String status = git(home, "status", "--porcelain", "--untracked-files=no");
    return status == null || status.isEmpty() ? rev : rev + "-dirty";
  }

  private static String git(Path home, String... args) {
    try {
      String[] cmd = new String[args.length + 3];
      cmd[0] = "git";
      cmd[1] = "-C";
      cmd[2] = home.toString();
      System.arraycopy(args, 0, cmd, 3, args.length);
      Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
    } catch (IOException | InterruptedException e) {
      return null;
    }
  }
}
