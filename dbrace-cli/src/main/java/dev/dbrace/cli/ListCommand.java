package dev.dbrace.cli;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.experiment.ExperimentCatalog;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.service.ServiceCatalog;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;

/** {@code dbrace list}: stacks and workloads, one line each. */
@Command(name = "list", description = "List stacks, workloads, experiments, services and endpoints.", mixinStandardHelpOptions = true)
final class ListCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    StackCatalog catalog = StackCatalog.discover(Home.dir());
    System.out.println("stacks (the engines each speaks; --engine or the --url picks one):");
    catalog.entries().forEach(e -> System.out.printf("  %-21s %-21s %s%n", e.name(),
        e.engines().stream().sorted().map(Engine::id).collect(Collectors.joining(",")),
        e.description()));
    System.out.println("workloads:");
    Workloads.descriptions().forEach((n, d) -> System.out.printf("  %-18s %s%n", n, d));
    System.out.println("experiments (./dbrace experiment <name> [--opt name=value]):");
    ExperimentCatalog.discover(Home.dir()).entries().forEach(e -> {
      System.out.printf("  %-18s %s%n", e.name(), e.description());
      if (!e.options().isEmpty()) {
        System.out.printf("  %-18s options: %s%n", "", ExperimentCommand.describeOptions(e));
      }
    });
    System.out.println("services (./dbrace serve-race --services a,b --endpoint E):");
    ServiceCatalog.discover(Home.dir()).variants().forEach(v -> System.out.printf("  %-18s %s%n", v.name(), v.description()));
    System.out.println("endpoints:");
    Endpoints.descriptions().forEach((n, d) -> System.out.printf("  %-24s %s%n", n, d));
    System.out.println("load models:");
    System.out.printf("  %-18s %s%n", "closed", "--concurrency C operations in flight, --executions N or --duration D (E1's model)");
    return 0;
  }
}
