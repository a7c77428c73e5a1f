package dev.dbrace.cli;

import dev.dbrace.cluster.BuildId;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.UserError;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code dbrace dist}: one archive to run dbrace from on a host with a JDK and nothing else (docs/scale-out.md). A
 * command of the CLI rather than of the launcher: the archive's contents and its name are {@link Home#modules} and
 * {@link BuildId#of}, which are Java, and so it runs from an unpacked archive too, writing the same archive again.
 */
@Command(name = "dist", mixinStandardHelpOptions = true,
    description = {"Write one archive holding the launcher and every jar the command line and each stack's, load "
        + "generator's and experiment's worker runs on, named after the build: unpacked on a host with a JDK >= 21 and "
        + "nothing else (no Maven, no sources), ./dbrace agent (or run) works from it (docs/scale-out.md).",
        "Service variants (serve-race, serve) are not in it."})
final class DistCommand implements Callable<Integer> {
  @Option(names = "--out", paramLabel = "FILE", description = "Where to write it (default: dist/dbrace-<build>.tar.gz).")
  Path out;

  @Override
  public Integer call() throws IOException {
    long start = System.nanoTime();
    UserError.require(out == null || !Files.isDirectory(out), "--out " + out + " is a folder: name the archive's file");
    Path home = Home.dir();
    Map<Path, List<Path>> modules = Home.modules(home);
    UserError.require(modules.containsKey(Path.of(Home.CLI_MODULE)), "nothing built under " + home + " (run ./dbrace build)");
    DistLayout layout = DistLayout.of(home, modules);
    List<Path> foreign = layout.foreignDbraceJars(home);
    if (!foreign.isEmpty()) {
      throw new UserError(foreign.size() + " of dbrace's own jars come from outside " + home + ", e.g. " + foreign.get(0)
          + " (a build of some modules only, mvn -pl without -am?): run ./dbrace build");
    }
    BuildId build = BuildId.of(home);
    String name = "dbrace-" + build.shortValue();
    Path file = out != null ? out : Path.of("dist", name + ".tar.gz");
    DistArchive.Written w;
    try {
      w = DistArchive.write(home, layout, name, file);
    } catch (FileSystemException e) { // where it cannot be written: the user's to choose another place
      String why = e instanceof FileAlreadyExistsException ? e.getFile() + " is a file, not a folder"
          : e.getReason() != null ? e.getReason() + " (" + e.getFile() + ")" : "cannot create " + e.getFile();
      throw new UserError("cannot write " + file + ": " + why);
    }
    System.err.printf("dbrace: wrote %s (build %s, %d modules, %d jars, %.1f MB) in %.1f s; on each host: tar xzf %s, "
            + "then %s/dbrace agent --bind ADDR --join CONTROLLER%n", w.file(), build.shortValue(), modules.size(), w.jars(),
        w.bytes() / 1e6, (System.nanoTime() - start) / 1e9, w.file().getFileName(), name);
    return 0;
  }
}
