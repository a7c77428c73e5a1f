/**
 * What every engine shares: where to connect ({@code DbTarget}, {@code TargetUrl}), the lab datasets' rows,
 * servers run from Debian packages ({@code PackagedServer}, {@code DebianPackage}), the cache and stale-server cleanup.
 * Each engine lives in its own package: {@code db.postgres}, {@code db.firebird}, {@code db.mariadb}.
 */
package dev.dbrace.db;
