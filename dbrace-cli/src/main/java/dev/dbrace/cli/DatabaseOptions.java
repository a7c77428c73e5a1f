package dev.dbrace.cli;

import picocli.CommandLine.Option;

/**
 * Which database a race runs on and how many connections each stack (or service) gets: a picocli
 * mixin of every racing command (run, curve, capacity, serve-race, validate). The values are what
 * the command line said; {@link RequestResolver} layers them over a scenario's.
 */
final class DatabaseOptions {
  @Option(names = "--url", description = "Your database: postgresql://user@host:5432/db (password from PGPASSWORD or ~/.pgpass)"
      + " or firebird://user@host:3050//path/db.fdb (password from ISC_PASSWORD or DBRACE_PASSWORD).")
  String url;

  @Option(names = "--engine", description = "postgresql (default), mariadb or firebird: the engine of the embedded database; with --url,"
      + " the URL says it. serve-race also takes both (the embedded PostgreSQL, then the embedded Firebird, into <out>/postgresql"
      + " and <out>/firebird).")
  String engine;

  @Option(names = "--pool", description = "Connection pool size, the same for every stack or service"
      + " (default: ${DEFAULT-VALUE}).")
  int pool;

  @Option(names = "--db-cpus", description = "Pin the embedded database server (PostgreSQL: the postmaster and its backends;"
      + " Firebird; MariaDB) to this many cores, the first the machine lets dbrace use (taskset); E5 ran Firebird on one."
      + " Not with --url (your server is yours to pin). race.json records the cores (environment.database_cpus).")
  Integer dbCpus;
}
