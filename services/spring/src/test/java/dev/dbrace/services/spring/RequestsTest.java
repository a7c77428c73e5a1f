package dev.dbrace.services.spring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class RequestsTest {

  /** The contract: missing or not an integer → 1, < 1 → 1, > 500 → 500. */
  @ParameterizedTest
  @CsvSource(nullValues = "NULL", value = {
      "NULL, 1", "'', 1", "foo, 1", "1.5, 1", "' 5', 1", "0, 1", "-3, 1", "1, 1", "20, 20",
      "500, 500", "501, 500", "99999999999999999999, 500", "-99999999999999999999, 1", "+5, 5"})
  void queriesCount(String raw, int expected) {
    assertEquals(expected, Requests.count(raw));
  }

  @Test
  void pathInt() {
    assertEquals(7, Requests.pathInt("7"));
    assertNull(Requests.pathInt("7x"));
    assertNull(Requests.pathInt("99999999999"));
  }

  @Test
  void notificationKeys() {
    assertEquals(43, Requests.slowId(42));
    assertEquals(1, Requests.slowId(10_000));
    assertEquals(0.072, Requests.slowSeconds(42), 1e-9);
    assertEquals(0.030, Requests.slowSeconds(171), 1e-9);
    assertEquals(7, Requests.fortuneId(42));
  }

  /** Stable: the repeated id 5 keeps its two positions in request order. */
  @Test
  void byIdIsAStableSortOfIndexes() {
    assertArrayEquals(new int[] {1, 0, 3, 2}, Requests.byId(new int[] {5, 2, 9, 5}));
  }
}
