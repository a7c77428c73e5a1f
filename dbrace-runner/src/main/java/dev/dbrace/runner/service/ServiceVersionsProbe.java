package dev.dbrace.runner.service;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.RunRecords;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.probe.RunProbe;
import java.util.Map;

/**
 * A service run's versions: the service's own libraries (read when it started) beside those of the
 * load generator's worker ({@link RunRecords#serviceVersions}).
 */
public final class ServiceVersionsProbe implements RunProbe {
  private final Map<String, String> service;

  public ServiceVersionsProbe(Map<String, String> service) {
    this.service = service;
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) {
    var r = record.result();
    if (r.versions() == null) {
      return record;
    }
    return record.withResult(r.relabelled(RunRecords.serviceVersions(service, r.versions()), r.errorsByKind(),
        r.errorSamples()));
  }
}
