/**
 * MariaDB: the embedded server from Debian's package ({@code EmbeddedMariaDb}), Connector/J connections, datasets.
 */
package dev.dbrace.db.mariadb;
