/**
 * The MongoDB wire protocol: FerretDB v1.24 on SQLite, built once with the machine's Go ({@code FerretDbBinary}) and
 * run as a throw-away server ({@code EmbeddedFerretDb}).
 */
package dev.dbrace.db.mongo;
