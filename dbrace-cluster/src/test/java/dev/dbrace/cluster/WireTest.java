package dev.dbrace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.cluster.wire.HelloAccepted;
import dev.dbrace.cluster.wire.HelloRefused;
import dev.dbrace.cluster.wire.HelloReply;
import dev.dbrace.cluster.wire.Wire;
import io.vertx.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

/** Messages survive the wire as their own types; a hello from another build still reads. */
class WireTest {
  @Test
  void repliesComeBackAsTheirOwnType() {
    HelloReply refused = new HelloRefused("c1", "another build");
    assertEquals(refused, Wire.decode(Wire.encode(refused), HelloReply.class));
    HelloReply accepted = new HelloAccepted("c1");
    assertEquals(accepted, Wire.decode(Wire.encode(accepted), HelloReply.class));
  }

  @Test
  void aHelloWithFieldsThisBuildDoesNotKnowStillReads() {
    Buffer newer = Buffer.buffer("""
        {"agent_id":"a1","host":"h","address":"10.0.0.2","cores":8,"build_id":"b","jdk":"j","gpus":2}""");
    assertEquals(new AgentHello("a1", "h", "10.0.0.2", 8, "b", "j"), Wire.decode(newer, AgentHello.class));
  }

  @Test
  void somethingElseIsRefusedByType() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Wire.decode(Buffer.buffer("[1,2]"), AgentHello.class));
    assertEquals(true, e.getMessage().startsWith("not a AgentHello"), e.getMessage());
  }
}
