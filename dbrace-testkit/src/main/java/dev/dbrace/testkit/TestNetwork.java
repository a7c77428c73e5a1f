package dev.dbrace.testkit;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Hosts of a test's own on this machine: network namespaces, each with its own address, joined by veth pairs to a bridge
 * in the root namespace that holds the first address of a private /24 no interface here uses ({@code 10.231.X.0/24}).
 * A process {@link Host#command started in a host} listens and connects from that host's address; the test itself
 * reaches every host from the {@link #bridgeAddress()}. Traffic goes only to these addresses (and loopback).
 *
 * <p>Needs root and iproute2's {@code ip}; without them {@link #create} skips the test (a JUnit assumption) naming the
 * command that failed. {@link #close} kills what still runs in the hosts and removes the namespaces, the veths and the
 * bridge; so does a shutdown hook if the test did not, and the next {@link #create} removes what a killed test JVM left
 * (its names carry that JVM's pid). Thread-safe.
 */
public final class TestNetwork implements AutoCloseable {
  private static final String PREFIX = "dbt";
  private static final Pattern OWNER = Pattern.compile(PREFIX + "(\\d+)x\\d+.*");
  private static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "dbrace-test-network.lock");
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  /** One host: a namespace and its address on the bridge's /24. */
  public record Host(String namespace, String address) {
    /** {@code command} to run inside this host: {@code ip netns exec NAMESPACE command...} (ip execs it: same pid). */
    public List<String> command(List<String> command) {
      List<String> out = new ArrayList<>(List.of(ip(), "netns", "exec", namespace));
      out.addAll(command);
      return out;
    }
  }

  private final String bridge;
  private final String bridgeAddress;
  private final List<Host> hosts;
  private final Thread hook;
  private boolean closed; // guarded by this

  private TestNetwork(String bridge, String bridgeAddress, List<Host> hosts) {
    this.bridge = bridge;
    this.bridgeAddress = bridgeAddress;
    this.hosts = List.copyOf(hosts);
    this.hook = new Thread(this::remove, "test-network-cleanup");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /**
   * Makes {@code count} hosts (1-200), or skips the calling test where this JVM may not (not root, no {@code ip}).
   */
  @SuppressWarnings("try") // the lock is held, not used: one JVM at a time picks a subnet and names
  public static TestNetwork create(int count) throws IOException, InterruptedException {
    if (count < 1 || count > 200) {
      throw new IllegalArgumentException("1-200 hosts, not " + count);
    }
    Assumptions.assumeTrue(Files.isExecutable(Path.of(ip())), "needs iproute2's ip (apt-get install iproute2): not found");
    String prefix = PREFIX + ProcessHandle.current().pid() + "x" + INSTANCES.getAndIncrement();
    try (FileChannel lockFile = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = lockFile.lock()) {
      removeOrphans();
      int subnet = freeSubnet();
      String base = "10.231." + subnet + ".";
      String bridge = prefix + "b";
      Result add = run(ip(), "link", "add", bridge, "type", "bridge");
      Assumptions.assumeTrue(add.ok(), "needs root to run `ip link add " + bridge + " type bridge`: " + add.output());
      List<Host> hosts = new ArrayList<>();
      try {
        must(ip(), "addr", "add", base + "1/24", "dev", bridge);
        must(ip(), "link", "set", bridge, "up");
        for (int i = 0; i < count; i++) {
          String ns = prefix + "n" + i;
          String veth = veth(ns);
          String address = base + (i + 2);
          must(ip(), "netns", "add", ns);
          hosts.add(new Host(ns, address));
          must(ip(), "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
          must(ip(), "link", "set", veth, "master", bridge, "up");
          must(ip(), "netns", "exec", ns, ip(), "addr", "add", address + "/24", "dev", "eth0");
          must(ip(), "netns", "exec", ns, ip(), "link", "set", "eth0", "up");
          must(ip(), "netns", "exec", ns, ip(), "link", "set", "lo", "up");
        }
      } catch (IOException | RuntimeException e) {
        remove(bridge, hosts);
        throw e;
      }
      return new TestNetwork(bridge, base + "1", hosts);
    }
  }

  /** The root namespace's address on the hosts' network (the bridge's): where the test listens for them. */
  public String bridgeAddress() {
    return bridgeAddress;
  }

  public List<Host> hosts() {
    return hosts;
  }

  public Host host(int index) {
    return hosts.get(index);
  }

  /** Kills every process still in the hosts, removes them and the bridge. Idempotent. */
  @Override
  public void close() {
    remove();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException exiting) {
      // the JVM is exiting: the hook runs or ran
    }
  }

  private synchronized void remove() {
    if (!closed) {
      closed = true;
      remove(bridge, hosts);
    }
  }

  /**
   * Deleting a namespace only unnames it: the kernel keeps it, and its end of the veth, while a socket of a killed process
   * still has a packet to send (a FIN to a peer that is gone may be retried for minutes). Deleting the veth from the root
   * namespace's side takes the pair at once; the nameless namespace goes when the kernel is done with it.
   */
  private static void remove(String bridge, List<Host> hosts) {
    for (Host h : hosts) {
      killAll(h.namespace());
      run(ip(), "link", "delete", veth(h.namespace()));
      run(ip(), "netns", "delete", h.namespace());
    }
    run(ip(), "link", "delete", bridge);
  }

  /** The root namespace's end of a host's veth pair: the namespace's name with v for n. */
  private static String veth(String namespace) {
    return namespace.replaceFirst("n(\\d+)$", "v$1");
  }

  /** SIGKILL to every process in the namespace (SIGKILL also ends a stopped one), and a few seconds for them to go. */
  private static void killAll(String namespace) {
    Result pids = run(ip(), "netns", "pids", namespace);
    for (String pid : pids.output().split("\\s+")) {
      if (pid.matches("\\d+")) {
        ProcessHandle.of(Long.parseLong(pid)).ifPresent(p -> {
          p.destroyForcibly();
          try {
            p.onExit().get(5, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } catch (ExecutionException | TimeoutException e) {
            // still going: the namespace is unnamed all the same, and the kernel keeps it until the process is gone
          }
        });
      }
    }
  }

  /** Removes namespaces and links left by test JVMs that are gone (killed before they could clean up). */
  private static void removeOrphans() {
    for (String ns : names(run(ip(), "netns", "list").output(), Pattern.compile("^(" + PREFIX + "\\S+)", Pattern.MULTILINE))) {
      if (orphan(ns)) {
        killAll(ns);
        run(ip(), "netns", "delete", ns);
      }
    }
    Pattern linkName = Pattern.compile("^\\d+: (" + PREFIX + "[^:@\\s]+)", Pattern.MULTILINE);
    for (String link : names(run(ip(), "-o", "link", "show").output(), linkName)) {
      if (orphan(link)) {
        run(ip(), "link", "delete", link);
      }
    }
  }

  private static boolean orphan(String name) {
    Matcher m = OWNER.matcher(name);
    return m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty();
  }

  private static List<String> names(String text, Pattern pattern) {
    List<String> out = new ArrayList<>();
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** A third octet X such that no address or route here is in 10.231.X.0/24, from a random start. */
  private static int freeSubnet() {
    Set<Integer> used = new HashSet<>();
    String seen = run(ip(), "-o", "-4", "addr", "show").output() + "\n" + run(ip(), "-4", "route", "show", "table", "all").output();
    Matcher m = Pattern.compile("10\\.231\\.(\\d+)\\.").matcher(seen);
    while (m.find()) {
      used.add(Integer.parseInt(m.group(1)));
    }
    int start = ThreadLocalRandom.current().nextInt(1, 255);
    for (int i = 0; i < 254; i++) {
      int x = 1 + (start - 1 + i) % 254;
      if (!used.contains(x)) {
        return x;
      }
    }
    throw new IllegalStateException("every 10.231.X.0/24 is in use here");
  }

  private static String ip() {
    for (String candidate : List.of("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    return "/usr/sbin/ip";
  }

  private static void must(String... cmd) throws IOException {
    Result r = run(cmd);
    if (!r.ok()) {
      throw new IOException("`" + String.join(" ", cmd) + "` failed: " + r.output());
    }
  }

  private record Result(boolean ok, String output) {}

  private static Result run(String... cmd) {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      boolean done = p.waitFor(30, TimeUnit.SECONDS);
      if (!done) {
        p.destroyForcibly();
      }
      return new Result(done && p.exitValue() == 0, out);
    } catch (IOException e) {
      return new Result(false, e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(false, "interrupted");
    }
  }
}
