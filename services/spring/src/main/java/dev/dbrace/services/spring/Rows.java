package dev.dbrace.services.spring;

/**
 * The rows the endpoints answer with. Jackson writes a record's components under their names,
 * which are the contract's JSON field names.
 */
final class Rows {
  private Rows() {}

  /** A {@code world} row: {@code {"id":3217,"randomNumber":2149}}. */
  record World(int id, int randomNumber) {}

  /** A {@code fortune} row. */
  record Fortune(int id, String message) {}

  /** {@code /film/{fid}}: {@code {"fid":7,"title":"…"}}. */
  record Film(int fid, String title) {}

  /** The remote stub's answer, {@code {"user":u,"delayMs":d}}. */
  record Remote(int user, int delayMs) {}
}
