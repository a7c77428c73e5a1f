package dev.dbrace.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cache directory rule: DBRACE_CACHE, else XDG_CACHE_HOME/dbrace, else ~/.cache/dbrace. */
class CacheDirTest {

  @Test
  void explicitVariableWins() {
    assertEquals(Path.of("/srv/pg"),
        CacheDir.resolve(Map.of("DBRACE_CACHE", "/srv/pg", "XDG_CACHE_HOME", "/xdg"), "/home/u"));
  }

  @Test
  void xdgCacheHomeComesNext() {
    assertEquals(Path.of("/xdg/dbrace"), CacheDir.resolve(Map.of("XDG_CACHE_HOME", "/xdg"), "/home/u"));
  }

  @Test
  void blankVariablesFallBackToTheHomeDirectory() {
    assertEquals(Path.of("/home/u/.cache/dbrace"),
        CacheDir.resolve(Map.of("DBRACE_CACHE", " ", "XDG_CACHE_HOME", ""), "/home/u"));
    assertEquals(Path.of("/home/u/.cache/dbrace"), CacheDir.resolve(Map.of(), "/home/u"));
  }
}
