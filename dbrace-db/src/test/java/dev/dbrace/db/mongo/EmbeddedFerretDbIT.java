package dev.dbrace.db.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import dev.dbrace.db.DbException;
import dev.dbrace.db.StaleServers;
import dev.dbrace.db.firebird.EmbeddedFirebirdIT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real FerretDB server, built on first use with the machine's Go and started and stopped by the
 * test, read and written through the MongoDB Java driver; skipped where Go is missing.
 */
public class EmbeddedFerretDbIT {

  private static final int DOCUMENTS = 1_000;
  private static final int USERS = 10;

  /** Skips a test that needs the server where Go is missing, naming what to install. */
  private static void assumeGo() {
    String why = null;
    try {
      FerretDbBinary.findGo();
    } catch (DbException e) {
      why = e.getMessage();
    }
    assumeTrue(why == null, why);
  }

  /** Notification-like documents: user {@code u<i % USERS>}, a sequence number, a text. */
  private static Document doc(int i) {
    return new Document("_id", i).append("user", "u" + i % USERS).append("seq", i).append("text", "notification " + i);
  }

  @Test
  void servesTheMongoProtocolOnLoopbackAndStopsWithoutTrace() throws Exception {
    assumeGo();
    List<String> log = new ArrayList<>();
    EmbeddedFerretDb db = EmbeddedFerretDb.start(line -> {
      log.add(line);
      System.err.println("[test-ferretdb] " + line);
    });
    long pid = db.pid();
    Path root = db.root();
    int port = db.port();
    try {
      assertEquals("mongodb://127.0.0.1:" + port + "/", db.mongoUrl());
      assertEquals(FerretDbBinary.VERSION, db.version());
      assertTrue(port != 27017, "never MongoDB's port");
      assertEquals(List.of("0100007F"), EmbeddedFirebirdIT.listeners(port), "listens on 127.0.0.1 only");
      assertEquals(Set.of(port), listeningPorts(pid), "no debug HTTP listener beside the MongoDB port");
      try (MongoClient client = MongoClients.create(db.mongoUrl())) {
        MongoCollection<Document> notifications = client.getDatabase("dbrace").getCollection("notifications");
        notifications.insertMany(IntStream.range(0, DOCUMENTS).mapToObj(EmbeddedFerretDbIT::doc).toList());
        assertEquals(DOCUMENTS, notifications.countDocuments());
        Bson filter = Filters.and(Filters.eq("user", "u3"), Filters.gte("seq", DOCUMENTS / 2));
        List<Document> found = notifications.find(filter).sort(Sorts.descending("seq")).into(new ArrayList<>());
        List<Document> expected = IntStream.range(0, DOCUMENTS).map(i -> DOCUMENTS - 1 - i)
            .filter(i -> i % USERS == 3 && i >= DOCUMENTS / 2).mapToObj(EmbeddedFerretDbIT::doc).toList();
        assertEquals(expected.size(), found.size());
        assertEquals(expected.size(), notifications.countDocuments(filter));
        assertEquals(expected.getFirst(), found.getFirst(), "the newest of u3's notifications first");
        assertEquals(expected, found);
      }
      try (Stream<Path> files = Files.list(root.resolve("data"))) {
        assertTrue(files.anyMatch(f -> f.getFileName().toString().startsWith("dbrace")), "the data is in the private root");
      }
    } finally {
      db.close();
    }
    assertTrue(ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true), "server process " + pid + " gone");
    assertFalse(Files.exists(root), root + " deleted");
    assertTrue(EmbeddedFirebirdIT.listeners(port).isEmpty(), "port closed");
    db.close(); // idempotent
  }

  @Test
  void aServerLeftByADeadJvmIsKilledAndItsRootRemoved() throws Exception {
    assumeGo();
    EmbeddedFerretDb db = EmbeddedFerretDb.start(null);
    try {
      Process gone = new ProcessBuilder("true").start();
      gone.waitFor();
      Path orphan = db.root().resolveSibling(StaleServers.FERRETDB.prefix() + gone.pid() + "-1");
      Files.move(db.root(), orphan);
      List<String> log = new ArrayList<>();
      StaleServers.FERRETDB.clean(orphan.getParent(), log::add);
      assertTrue(ProcessHandle.of(db.pid()).map(h -> !h.isAlive()).orElse(true), "server killed: " + log);
      assertFalse(Files.exists(orphan), "root removed: " + log);
      assertTrue(log.stream().anyMatch(l -> l.startsWith("killed orphan ferretdb")), log.toString());
    } finally {
      db.close();
    }
  }

  @Test
  void concurrentFirstUsesBuildOnceAndLeaveOnlyTheBinary(@TempDir Path cache) throws Exception {
    assumeGo();
    Path dir = cache.resolve("ferretdb-" + FerretDbBinary.VERSION);
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    try (var pool = Executors.newFixedThreadPool(2)) {
      var first = pool.submit(() -> FerretDbBinary.ensure(dir, log::add));
      var second = pool.submit(() -> FerretDbBinary.ensure(dir, log::add));
      assertEquals(first.get(), second.get());
      assertTrue(Files.isExecutable(first.get()), first.get() + " executable");
    }
    assertEquals(1, log.stream().filter(l -> l.startsWith("building FerretDB")).count(), "built once: " + log);
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(Set.of("ferretdb", "build.lock"), left.map(p -> p.getFileName().toString()).collect(Collectors.toSet()));
    }
    assertEquals(FerretDbBinary.VERSION, FerretDbBinary.version(dir.resolve("ferretdb")));
  }

  @Test
  void aMissingOrOldGoIsOneLineNamingWhatToInstall(@TempDir Path dir) throws Exception {
    DbException e = assertThrows(DbException.class, () -> FerretDbBinary.findGo("", dir.resolve("no-go")));
    assertEquals(FerretDbBinary.HINT, e.getMessage());
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path oldGo = Files.writeString(bin.resolve("go"), "#!/bin/sh\necho go version go1.19.8 linux/amd64\n");
    assertTrue(oldGo.toFile().setExecutable(true));
    e = assertThrows(DbException.class, () -> FerretDbBinary.findGo(bin.toString(), dir.resolve("no-go")));
    assertEquals(oldGo + " is go version go1.19.8 linux/amd64; " + FerretDbBinary.HINT, e.getMessage());
    Files.writeString(oldGo, "#!/bin/sh\necho go version go1.21.0 linux/amd64\n");
    assertEquals(oldGo, FerretDbBinary.findGo(":" + bin, dir.resolve("no-go")), "1.21 fetches the toolchain go.mod asks for");
  }

  /** The TCP ports a process listens on: its socket inodes matched against /proc/net/tcp and tcp6. */
  static Set<Integer> listeningPorts(long pid) throws Exception {
    Set<String> inodes;
    try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
      inodes = fds.map(fd -> {
        try {
          return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
          return ""; // closed meanwhile
        }
      }).filter(l -> l.startsWith("socket:[")).map(l -> l.substring(8, l.length() - 1)).collect(Collectors.toSet());
    }
    Set<Integer> ports = new TreeSet<>();
    for (String table : List.of("tcp", "tcp6")) {
      for (String line : Files.readAllLines(Path.of("/proc/net/" + table)).stream().skip(1).toList()) {
        String[] f = line.trim().split("\\s+");
        if (f[3].equals("0A") && inodes.contains(f[9])) {
          ports.add(Integer.parseInt(f[1].split(":")[1], 16));
        }
      }
    }
    return ports;
  }
}
