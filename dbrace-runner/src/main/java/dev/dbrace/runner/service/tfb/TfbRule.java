package dev.dbrace.runner.service.tfb;

import dev.dbrace.runner.service.tfb.TfbCheck.Outcome;

/**
 * One of TechEmpower's verification rules as its toolset words and grades it: a breach of a {@link Outcome#FAIL}
 * rule keeps a framework out of the benchmark, one of a {@link Outcome#WARN} rule is reported only. (A query case
 * TFB grades leniently, queries=501, passes its own grade to the checks of its answer.)
 */
public enum TfbRule {
  RESPONSE(Outcome.FAIL, "a 200 answer with a body"),
  JSON(Outcome.FAIL, "valid JSON"),
  SERVER_HEADER(Outcome.FAIL, "a Server header"),
  DATE_HEADER(Outcome.FAIL, "a Date header"),
  DATE_FORMAT(Outcome.WARN, "Date as 'Sun, 06 Nov 1994 08:49:37 GMT'"),
  DATE_CHANGES(Outcome.FAIL, "Date changes between two requests seconds apart (not cached)"),
  CONTENT_TYPE(Outcome.FAIL, "the test type's Content-Type"),
  SIZE_HEADER(Outcome.FAIL, "Content-Length or Transfer-Encoding"),
  DB_OBJECT(Outcome.WARN, "/db answers an object, not an array"),
  WORLD(Outcome.FAIL, "objects with keys id and randomNumber (any case) mapping to integers"),
  WORLD_KEYS(Outcome.WARN, "no keys beside id and randomNumber"),
  WORLD_RANGE(Outcome.WARN, "id within 1..10,000, randomNumber at most 10,000"),
  ARRAY(Outcome.FAIL, "a JSON array of objects"),
  ARRAY_LENGTH(Outcome.FAIL, "as many objects as queries= asks, within 1..500 (not an integer: 1)"),
  UPDATES_WRITTEN(Outcome.FAIL, "the updates reach the table (rows changed after queries=501)"),
  FORTUNES_PAGE(Outcome.FAIL, "the fortunes page, normalised as TFB's FortuneHTMLParser does, equals the expected one"),
  QUERIES_EXECUTED(Outcome.FAIL, "the server executed the statements the requests call for (pg_stat_statements)"),
  ROWS_READ(Outcome.FAIL, "the server read the rows the requests call for"),
  ROWS_UPDATED(Outcome.FAIL, "the server updated the rows the requests call for");

  private final Outcome breach;
  private final String words;

  TfbRule(Outcome breach, String words) {
    this.breach = breach;
    this.words = words;
  }

  /** How TFB grades a breach of this rule. */
  public Outcome breach() {
    return breach;
  }

  /** What the rule asks, in a few words. */
  public String words() {
    return words;
  }
}
