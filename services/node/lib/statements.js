'use strict';
// The SQL every variant runs, per engine: the contract's texts on PostgreSQL (so pg_stat_statements
// counts them as dbrace expects), the same statements with ? markers on Firebird.

const pg = {
  world: { name: 'world', text: 'SELECT id, randomnumber FROM world WHERE id = $1' },
  update: { name: 'update', text: 'UPDATE world SET randomnumber = $1 WHERE id = $2' },
  fortunes: { name: 'fortunes', text: 'SELECT id, message FROM fortune' },
  film: { name: 'film', text: 'SELECT title FROM nicer_but_slower_film_list WHERE FID = $1' },
  slow: { name: 'slow', text: 'SELECT id, randomnumber FROM world, pg_sleep($2) WHERE id = $1' },
  // E4's slow query (DBRACE_SLOW_SOURCE=query): lookup has no index, so it scans slow_world's 1 M rows
  slowQuery: { name: 'slowQuery', text: 'SELECT id, randomnumber FROM slow_world WHERE lookup = $1' },
  fortune: { name: 'fortune', text: 'SELECT id, message FROM fortune WHERE id = $1' },
  // E5's `select * from rdb$relations`, PostgreSQL's way: the system catalogue's tables, a fixed
  // column list and order, nothing that changes while the cluster runs (no reltuples/relpages).
  relations: {
    name: 'relations',
    text: 'SELECT c.oid::int4 AS oid, c.relname::text AS relname, c.relkind::text AS relkind, c.relnatts, c.relchecks,'
      + ' c.relhasindex, c.relisshared, c.relpersistence::text AS relpersistence, c.relhasrules, c.relhastriggers,'
      + ' c.relhassubclass, c.relrowsecurity, c.relreplident::text AS relreplident, c.relispartition,'
      + ' c.reltype::int4 AS reltype, c.relacl::text AS relacl, obj_description(c.oid, \'pg_class\') AS description'
      + ' FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace'
      + " WHERE n.nspname = 'pg_catalog' AND c.relkind = 'r' ORDER BY c.relname",
    columns: ['oid', 'relname', 'relkind', 'relnatts', 'relchecks', 'relhasindex', 'relisshared', 'relpersistence',
      'relhasrules', 'relhastriggers', 'relhassubclass', 'relrowsecurity', 'relreplident', 'relispartition', 'reltype',
      'relacl', 'description'],
  },
  ping: { name: 'ping', text: 'SELECT 1' },
};

const firebird = {
  world: { name: 'world', text: 'SELECT id, randomnumber FROM world WHERE id = ?' },
  update: { name: 'update', text: 'UPDATE world SET randomnumber = ? WHERE id = ?' },
  fortunes: { name: 'fortunes', text: 'SELECT id, message FROM fortune' },
  fortune: { name: 'fortune', text: 'SELECT id, message FROM fortune WHERE id = ?' },
  // E5's statement, ordered so every variant sends the same bytes; column names from the driver's metadata.
  relations: { name: 'relations', text: 'select * from rdb$relations order by rdb$relation_id' },
  ping: { name: 'ping', text: 'SELECT 1 FROM rdb$database' },
};

/**
 * E5's follow-up: /relations?limit=N, the catalogue's first N rows (by the same order), cut by the
 * database; its own statement (and prepared name) per N.
 */
function relationsLimited(engine, n) {
  const all = engine === 'firebird' ? firebird.relations : pg.relations;
  const text = engine === 'firebird' ? all.text.replace(/^select /, `select first ${n} `) : `${all.text} LIMIT ${n}`;
  return { ...all, name: `relations-${n}`, text };
}

module.exports = { postgresql: pg, firebird, relationsLimited };
