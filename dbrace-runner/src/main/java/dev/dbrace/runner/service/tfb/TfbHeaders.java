package dev.dbrace.runner.service.tfb;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * TFB's header rules ({@code verify_headers}): Server, Date and Content-Type present, a size header, the Date in
 * RFC 1123's form, the test type's Content-Type, and a Date that is not cached (another request seconds later
 * carries another). Every answer TFB checks the body of gets these checks too. Pure functions.
 */
final class TfbHeaders {
  /** TFB's strptime form {@code %a, %d %b %Y %H:%M:%S %Z}: any zone name, GMT being RFC 1123's. */
  private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("EEE, d MMM yyyy HH:mm:ss zzz", Locale.US);

  private TfbHeaders() {}

  /** Every header rule but the cached Date, on one answer of the given test type. */
  static List<TfbCheck> check(TfbResponse r, TfbType type) {
    String url = r.url();
    List<TfbCheck> out = new ArrayList<>();
    out.add(TfbCheck.of(url, TfbRule.SERVER_HEADER, r.header("Server").isPresent() ? null : "none"));
    Optional<String> date = r.header("Date");
    out.add(TfbCheck.of(url, TfbRule.DATE_HEADER, date.isPresent() ? null : "none"));
    out.add(TfbCheck.of(url, TfbRule.DATE_FORMAT, date.isPresent() ? badDate(date.get()) : "no Date header"));
    Optional<String> contentType = r.header("Content-Type");
    out.add(TfbCheck.of(url, TfbRule.CONTENT_TYPE, contentType.isEmpty() ? "none"
        : type.contentType.matcher(contentType.get()).matches() ? null
        : "'" + contentType.get() + "' does not match " + type.contentType.pattern()));
    boolean sized = r.header("Content-Length").isPresent() || r.header("Transfer-Encoding").isPresent();
    out.add(TfbCheck.of(url, TfbRule.SIZE_HEADER, sized ? null : "neither"));
    return out;
  }

  /** TFB's cached-Date rule: the same URL asked again seconds later must carry another Date. */
  static TfbCheck dateChanges(TfbResponse first, TfbResponse again) {
    Optional<String> a = first.header("Date");
    Optional<String> b = again.header("Date");
    String why = a.isEmpty() || b.isEmpty() ? "no Date header to compare"
        : a.equals(b) ? "'" + a.get() + "' on both of two requests seconds apart" : null;
    return TfbCheck.of(first.url(), TfbRule.DATE_CHANGES, why);
  }

  private static String badDate(String date) {
    try {
      DATE.parse(date);
      return null;
    } catch (DateTimeParseException e) {
      return "'" + date + "' is not like 'Sun, 06 Nov 1994 08:49:37 GMT'";
    }
  }
}
