/**
 * PostgreSQL: the embedded server ({@code EmbeddedPostgres}, the entry point; {@code PgCluster},
 * {@code PgBinaries}), pgjdbc connections, the lab datasets, and the server's own counters ({@code ServerCounters},
 * {@code StatementCounts}, {@code LedgerTable}).
 */
package dev.dbrace.db.postgres;
