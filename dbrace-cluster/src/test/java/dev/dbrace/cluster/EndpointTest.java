package dev.dbrace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.UserError;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --join HOST[:PORT],...} as a user writes it. */
class EndpointTest {
  @Test
  void hostsTakeTheDefaultPortUnlessGivenOne() {
    assertEquals(List.of(new Endpoint("10.0.0.2", 5701), new Endpoint("db-box", 6000), new Endpoint("fd00::2", 5702)),
        Endpoint.parseList("10.0.0.2, db-box:6000,[fd00::2]:5702", 5701));
    assertEquals("[fd00::2]:5702", new Endpoint("fd00::2", 5702).toString());
    assertEquals(List.of(new Endpoint("fd00::3", 5701)), Endpoint.parseList("[fd00::3]", 5701));
  }

  @Test
  void badEntriesAreNamed() {
    assertBad("10.0.0.2:http", "'10.0.0.2:http' is not HOST[:PORT]: 'http' is not a port");
    assertBad("10.0.0.2:0", "port 0 of 10.0.0.2 is not in 1-65535");
    assertBad("10.0.0.2,,10.0.0.3", "'' is not HOST[:PORT]: no host");
    assertBad(":5701", "no host");
    assertBad("fd00::2", "an IPv6 address goes in brackets");
    assertBad("[fd00::2]x", "'[fd00::2]x' is not HOST[:PORT]");
  }

  private static void assertBad(String text, String expected) {
    UserError e = assertThrows(UserError.class, () -> Endpoint.parseList(text, 5701));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
