package dev.dbrace.runner.service;

import dev.dbrace.runner.UserError;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Node service module's packages (docs/service-contract.md): {@code npm ci} runs when
 * {@code node_modules} is missing or older than {@code package-lock.json}, so a clean clone and a
 * changed lockfile both get exactly the locked versions. npm's own record of what it installed,
 * {@code node_modules/.package-lock.json}, tells the age.
 */
public final class NodeModules {
  static final long NPM_LIMIT_MINUTES = 10;

  private NodeModules() {}

  /** Does {@code npm ci} need to run in this module? */
  public static boolean stale(Path module) throws IOException {
    Path lock = module.resolve("package-lock.json");
    if (!Files.isRegularFile(lock)) {
      return false; // nothing locked: nothing to install
    }
    Path installed = module.resolve("node_modules/.package-lock.json");
    return !Files.isRegularFile(installed)
        || Files.getLastModifiedTime(installed).compareTo(Files.getLastModifiedTime(lock)) < 0;
  }

  /**
   * Makes sure {@code node} is there and the module's packages are installed, running {@code npm ci}
   * (its output in {@code log}) when they are stale. Service starts are sequential, but tests may not
   * be: one install at a time.
   *
   * @throws UserError in one line when node or npm is missing or {@code npm ci} fails
   */
  public static synchronized void ensure(String service, Path module, Path log) throws IOException, InterruptedException {
    if (find("node").isEmpty()) {
      throw new UserError("service " + service + " needs Node.js: 'node' is not on the PATH");
    }
    if (stale(module)) {
      install(service, module, log);
    }
  }

  /**
   * Runs {@code npm ci} in the module whether or not its packages look current (e.g. once the headers an
   * optional addon needs are installed), its output in {@code log}.
   *
   * @throws UserError in one line when npm is missing or {@code npm ci} fails
   */
  public static synchronized void install(String service, Path module, Path log) throws IOException, InterruptedException {
    if (find("npm").isEmpty()) {
      throw new UserError("service " + service + " needs npm to install its packages (npm ci in " + module
          + "): 'npm' is not on the PATH");
    }
    Process p = new ProcessBuilder(List.of("npm", "ci", "--no-audit", "--no-fund")).directory(module.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
    p.getOutputStream().close();
    if (!p.waitFor(NPM_LIMIT_MINUTES, TimeUnit.MINUTES)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new UserError("npm ci in " + module + " did not finish within " + NPM_LIMIT_MINUTES + " minutes (output in " + log + ")");
    }
    if (p.exitValue() != 0) {
      List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
      String last = lines.stream().filter(l -> l.contains("ERR!")).reduce((a, b) -> b)
          .orElse(lines.isEmpty() ? "no output" : lines.get(lines.size() - 1));
      throw new UserError("npm ci in " + module + " failed (exit " + p.exitValue() + "): " + last.strip()
          + " (output in " + log + ")");
    }
  }

  /** The executable's path on the PATH, if any. */
  public static Optional<Path> find(String executable) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, executable);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }
}
