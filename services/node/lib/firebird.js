'use strict';
// Firebird backends over node-firebird (pure JavaScript, asynchronous only; the addon's are fbclient.js). The same session(fn)
// shape as pg.js: c.run(statement, params) -> promise of rows as arrays, the column names on
// rows.columns (for `select *`).

const Queue = require('./queue');

function options(cfg, cached) {
  return {
    host: cfg.db.host,
    port: cfg.db.port,
    database: cfg.db.database,
    user: cfg.db.user,
    password: cfg.db.password,
    blobAsText: true, // text blobs (RDB$VIEW_SOURCE, RDB$DESCRIPTION) as strings, read with the row
    encoding: 'UTF8',
    retryConnectionInterval: 1000,
    statementCacheSize: cached ? 32 : 0, // prepared once per connection and SQL text, reused after
  };
}

function driver() {
  return require('node-firebird');
}

function attach(opts) {
  return new Promise((resolve, reject) => driver().attach(opts, (err, db) => (err ? reject(err) : resolve(db))));
}

function detach(db) {
  return new Promise((resolve) => db.detach(() => resolve()));
}

/** One statement on a Database (autocommit, as node-firebird's db.execute runs it), rows as arrays. */
function execute(db, s, params) {
  return new Promise((resolve, reject) => db.execute(s.text, params || [], (err, rows, meta) => {
    if (err) return reject(err);
    const out = Array.isArray(rows) ? rows : [];
    if (meta) out.columns = meta.map((m) => m.alias || m.field);
    return resolve(out);
  }));
}

function runner(db) {
  return { parallel: false, run: (s, params) => execute(db, s, params) };
}

function ping(db) {
  return execute(db, { text: 'SELECT 1 FROM rdb$database' });
}

function asyncPerRequest(cfg) {
  const opts = options(cfg, false);
  return {
    async check() {
      const db = await attach(opts);
      await ping(db);
      await detach(db);
    },
    async session(fn) {
      const db = await attach(opts);
      try {
        return await fn(runner(db));
      } finally {
        await detach(db);
      }
    },
    async close() {},
  };
}

function asyncSharedQueued(cfg) {
  const queue = new Queue();
  let db;
  return {
    async check() {
      db = await attach(options(cfg, false));
      await ping(db);
    },
    session: (fn) => queue.run(() => fn(runner(db))),
    async close() {
      if (db) await detach(db);
    },
  };
}

function asyncPool(cfg, prepared) {
  const pool = driver().pool(cfg.pool, options(cfg, prepared));
  const get = () => new Promise((resolve, reject) => pool.get((err, db) => (err ? reject(err) : resolve(db))));
  async function run(s, params) {
    const db = await get();
    try {
      return await execute(db, s, params);
    } finally {
      db.detach(); // back to the pool
    }
  }
  const shared = { parallel: true, run };
  return {
    async check() {
      await run({ text: 'SELECT 1 FROM rdb$database' });
    },
    session: (fn) => fn(shared),
    close: () => new Promise((resolve) => pool.destroy(() => resolve())),
  };
}

function styled(cfg) {
  switch (cfg.style) {
    case 'async-per-request': return asyncPerRequest(cfg);
    case 'async-shared-queued': return asyncSharedQueued(cfg);
    case 'async-pool': return asyncPool(cfg, false);
    case 'async-pool-prepared': return asyncPool(cfg, true);
    // node-firebird is asynchronous only: the sync styles run on the firebird addon (fbclient.js)
    default: throw new Error(`node-${cfg.style} cannot run on node-firebird (asynchronous only)`);
  }
}

const LOGIN_REFUSED = 335544472; // isc_login: "Your user name and password are not defined"

/**
 * A refused login names node-firebird's own cause beside the usual one: it reads the server's Srp key from the wrong
 * offset after a salt whose hex text starts with 0 (1 user in 16, every attach; README.md), so a right password fails.
 */
function backend(cfg) {
  const b = styled(cfg);
  const check = b.check;
  b.check = async () => {
    try {
      await check();
    } catch (e) {
      if (e && e.gdscode === LOGIN_REFUSED) {
        e.message += ' (if the password is right: node-firebird 2.17.1 cannot log in a user whose Srp salt starts with'
          + ' a 0 hex digit, 1 in 16; setting the same password again draws a new salt)';
      }
      throw e;
    }
  };
  return b;
}

module.exports = { backend };
