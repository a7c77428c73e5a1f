package dev.dbrace.runner.service;

import dev.dbrace.db.firebird.FirebirdInstall;
import dev.dbrace.service.host.ServiceVariant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The Node {@code firebird} addon (libfbclient) that the {@code firebird-addon} variants run on with
 * Firebird: an optional dependency of their module, built by {@code npm ci} only where Firebird's
 * client headers are. Where it is missing, dbrace installs {@code firebird-dev} (as root, with
 * apt-get) and runs {@code npm ci} again; otherwise it says what to run. Stateless.
 */
public final class FirebirdAddon {
  private FirebirdAddon() {}

  /**
   * Makes sure {@code v}'s module has the addon built.
   *
   * @param log where npm ci's output goes, if it runs
   * @return null once built, else why not, in one line naming what to run
   */
  public static String ensure(ServiceVariant v, Path log, Consumer<String> say) throws IOException, InterruptedException {
    if (Files.isRegularFile(v.firebirdAddonBinary())) {
      return null;
    }
    if (NodeModules.find("node").isEmpty()) {
      return "'node' is not on the PATH";
    }
    String headers = FirebirdInstall.clientHeadersIfMissing(say);
    if (headers != null) {
      return headers + ", then rerun (npm ci in " + v.module() + " builds the addon)";
    }
    Files.createDirectories(log.getParent());
    say.accept("building the Node firebird addon (npm ci in " + v.module() + ", output in " + log + ")");
    NodeModules.install(v.name(), v.module(), log);
    return Files.isRegularFile(v.firebirdAddonBinary()) ? null
        : "npm ci in " + v.module() + " did not build the optional firebird addon (output in " + log + ")";
  }
}
