/**
 * Firebird 3: the embedded server from Debian's package ({@code EmbeddedFirebird}), Jaybird connections, datasets.
 */
package dev.dbrace.db.firebird;
