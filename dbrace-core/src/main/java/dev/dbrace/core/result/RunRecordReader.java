package dev.dbrace.core.result;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@link RunRecord} from race.json, where the worker's and the probes' figures sit beside
 * the run's own fields (Jackson 2.18 writes {@code @JsonUnwrapped} record parts but cannot read them
 * back into a record). Every race.json format so far has this layout, so format 1 (before
 * {@link Race#FORMAT} existed) reads the same way; a missing field reads as absent (0 or null).
 */
final class RunRecordReader extends StdDeserializer<RunRecord> {
  RunRecordReader() {
    super(RunRecord.class);
  }

  @Override
  public RunRecord deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
    JsonNode n = p.readValueAsTree();
    ObjectReader parts = ((ObjectMapper) p.getCodec()).reader().without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    List<String> tail = new ArrayList<>();
    n.path("stderr_tail").forEach(line -> tail.add(line.asText()));
    return new RunRecord(
        text(n, "stack"),
        text(n, "workload"),
        text(n, "load"),
        part(parts, n.get("load_model"), LoadModel.class),
        text(n, "purpose"),
        n.path("step").asInt(),
        n.path("round").asInt(),
        n.hasNonNull("pool") ? n.get("pool").asInt() : null,
        n.hasNonNull("threads") ? n.get("threads").asInt() : null,
        RunStatus.of(n.path("status").asText()),
        text(n, "message"),
        tail,
        part(parts, n, WorkerResult.class),
        part(parts, n.get("process"), RunRecord.ProcessFigures.class),
        part(parts, n.get("server"), RunRecord.ServerFigures.class),
        text(n, "hlog"),
        n.path("wall_s").asDouble(),
        part(parts, n.get("generator"), RunRecord.ProcessFigures.class),
        part(parts, n, RunRecord.Probes.class));
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static <T> T part(ObjectReader reader, JsonNode node, Class<T> type) throws IOException {
    return node == null || node.isNull() ? null : reader.forType(type).readValue(node);
  }
}
