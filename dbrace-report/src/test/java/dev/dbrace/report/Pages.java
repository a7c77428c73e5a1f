package dev.dbrace.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/** A rendered page as tests look at it: the raw HTML, the parsed document and its data blob. */
record Pages(String html, Document doc, JsonNode data) {

  static Pages read(Path file) throws IOException {
    String html = Files.readString(file);
    Document doc = Jsoup.parse(html);
    var blob = doc.getElementById("report-data");
    JsonNode data = blob == null ? null : Json.MAPPER.readTree(blob.data());
    return new Pages(html, doc, data);
  }

  /** The chart with this id in the blob, or null. */
  JsonNode chart(String id) {
    for (JsonNode c : data.get("charts")) {
      if (c.get("id").asText().equals(id)) {
        return c;
      }
    }
    return null;
  }

  List<String> chartIds() {
    List<String> ids = new ArrayList<>();
    data.get("charts").forEach(c -> ids.add(c.get("id").asText()));
    return ids;
  }

  List<String> seriesLabels(String chartId) {
    List<String> labels = new ArrayList<>();
    chart(chartId).get("series").forEach(s -> labels.add(s.get("label").asText()));
    return labels;
  }
}
