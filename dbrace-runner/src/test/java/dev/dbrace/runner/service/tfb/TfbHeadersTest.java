package dev.dbrace.runner.service.tfb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.runner.service.tfb.TfbCheck.Outcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** TFB's header rules on scripted headers: presence, the size header, the Date's form, content types, a cached Date. */
class TfbHeadersTest {
  static final String DATE = "Sun, 06 Nov 1994 08:49:37 GMT";

  static TfbResponse with(Map<String, String> headers) {
    Map<String, List<String>> h = new java.util.HashMap<>();
    headers.forEach((k, v) -> h.put(k, List.of(v)));
    return new TfbResponse("/db", 200, h, new byte[] {'{', '}'}, null);
  }

  @Test
  void aJsonAnswerWithEveryHeaderPassesWhateverTheCaseOfTheirNames() {
    TfbResponse r = with(Map.of("server", "x", "date", DATE, "content-type", "application/json", "content-length", "2"));
    assertEquals(Map.of(), TfbWorldsTest.broken(TfbHeaders.check(r, TfbType.JSON)));
    TfbResponse chunked = with(Map.of("Server", "x", "Date", DATE, "Content-Type", "application/json; charset=UTF-8",
        "Transfer-Encoding", "chunked"));
    assertEquals(Map.of(), TfbWorldsTest.broken(TfbHeaders.check(chunked, TfbType.JSON)));
  }

  @Test
  void missingHeadersFailAndAStrangeDateWarns() {
    assertEquals(Map.of(TfbRule.SERVER_HEADER, Outcome.FAIL, TfbRule.DATE_HEADER, Outcome.FAIL, TfbRule.DATE_FORMAT, Outcome.WARN,
        TfbRule.CONTENT_TYPE, Outcome.FAIL, TfbRule.SIZE_HEADER, Outcome.FAIL), TfbWorldsTest.broken(TfbHeaders.check(with(Map.of()),
        TfbType.JSON)));
    TfbResponse isoDate = with(Map.of("Server", "x", "Date", "1994-11-06T08:49:37Z", "Content-Type", "application/json",
        "Content-Length", "2"));
    assertEquals(Map.of(TfbRule.DATE_FORMAT, Outcome.WARN), TfbWorldsTest.broken(TfbHeaders.check(isoDate, TfbType.JSON)));
  }

  @Test
  void eachTestTypeHasItsContentType() {
    for (String[] c : new String[][] {{"text/html; charset=utf-8", "HTML", "pass"}, {"text/html;charset=UTF-8", "HTML", "pass"},
        {"text/html", "HTML", "fail"}, {"application/json", "HTML", "fail"}, {"application/json;charset=utf-8", "JSON", "pass"},
        {"application/x-ndjson", "JSON", "fail"}, {"text/plain", "JSON", "fail"}}) {
      TfbResponse r = with(Map.of("Server", "x", "Date", DATE, "Content-Type", c[0], "Content-Length", "2"));
      boolean passed = TfbHeaders.check(r, TfbType.valueOf(c[1])).stream().allMatch(TfbCheck::passed);
      assertEquals(c[2].equals("pass"), passed, c[0] + " for " + c[1]);
    }
  }

  @Test
  void theSameDateOnTwoRequestsSecondsApartIsACachedDate() {
    TfbResponse a = with(Map.of("Date", DATE));
    assertEquals(Outcome.FAIL, TfbHeaders.dateChanges(a, with(Map.of("Date", DATE))).outcome());
    assertEquals(Outcome.PASS, TfbHeaders.dateChanges(a, with(Map.of("Date", "Sun, 06 Nov 1994 08:49:39 GMT"))).outcome());
    assertEquals(Outcome.FAIL, TfbHeaders.dateChanges(with(Map.of()), with(Map.of())).outcome());
  }
}
