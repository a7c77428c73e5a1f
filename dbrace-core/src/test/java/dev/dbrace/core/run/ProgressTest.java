package dev.dbrace.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The progress message round trip: what the worker writes, the runner reads back as the same type. */
class ProgressTest {
  @Test
  void theRunnerReadsBackWhatTheWorkerSent() throws Exception {
    var bytes = new ByteArrayOutputStream();
    Progress sent = new Progress("measure", 1_200, 7, 3, 40, 2.5);
    new Protocol(new PrintStream(bytes, true, StandardCharsets.UTF_8)).progress(sent);
    JsonNode line = Json.MAPPER.readTree(bytes.toString(StandardCharsets.UTF_8));
    assertEquals("progress", line.path("type").asText());
    assertEquals(40, line.path("not_issued").asLong(), "the wire keeps its names: " + line);
    assertEquals(sent, Json.MAPPER.treeToValue(line, Progress.class));
    assertEquals(1_247, sent.decided());
    assertEquals(1_204, sent.answered());
  }
}
