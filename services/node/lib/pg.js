'use strict';
// PostgreSQL backends, one per style. Every backend offers session(fn): fn gets a connection-like
// `c` with c.run(statement, params) -> rows as arrays (a value for the sync styles, a promise for
// the async ones) and c.parallel (may the request's statements run side by side?).

const Queue = require('./queue');

function pgConfig(cfg) {
  return {
    host: cfg.db.host,
    port: cfg.db.port,
    database: cfg.db.database,
    user: cfg.db.user,
    password: cfg.db.password,
    application_name: cfg.applicationName,
    connectionTimeoutMillis: 10000,
    ssl: cfg.db.ssl, // resolved once by tlsOption() before the backend is made
  };
}

/**
 * The race's sslmode (libpq's words) as pg's `ssl` option, with libpq's meaning: the modes that do not
 * verify trust any certificate, verify-ca checks the chain (against sslrootcert, else Node's CA store),
 * verify-full the host name too. pg has no prefer: it is found out once, by a first connection that
 * asks for TLS (libpq asks on every connection, and the server answers every one alike). pg cannot do
 * allow (plain first, TLS only when the server insists): refused rather than run another way.
 */
async function tlsOption(cfg) {
  const mode = cfg.db.sslmode;
  const ca = cfg.db.sslrootcert ? require('fs').readFileSync(cfg.db.sslrootcert) : undefined;
  switch (mode) {
    case 'disable': return false;
    case 'allow': throw new Error('the pg driver cannot do sslmode=allow (plain first, TLS only when the server insists)');
    case 'require': return { rejectUnauthorized: false };
    case 'verify-ca': return { ca, rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case 'verify-full': return { ca, rejectUnauthorized: true };
    case 'prefer': {
      const { Client } = require('pg');
      const probe = new Client({ ...pgConfig(cfg), ssl: { rejectUnauthorized: false } });
      probe.on('error', () => {});
      try {
        await probe.connect();
        await probe.end();
        return { rejectUnauthorized: false };
      } catch (e) {
        if (/does not support SSL/i.test(e.message)) return false;
        throw e;
      }
    }
    default: throw new Error(`unknown sslmode '${mode}'`);
  }
}

/** A libpq connection string; values quoted as libpq wants ('' around, \ before ' and \). */
function conninfo(cfg) {
  const q = (v) => `'${String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return [
    `host=${q(cfg.db.host)}`, `port=${q(cfg.db.port)}`, `dbname=${q(cfg.db.database)}`, `user=${q(cfg.db.user)}`,
    `password=${q(cfg.db.password)}`, `application_name=${q(cfg.applicationName)}`, 'connect_timeout=10',
    // libpq itself: the race's sslmode as it is
    ...(cfg.db.sslmode ? [`sslmode=${q(cfg.db.sslmode)}`] : []),
    ...(cfg.db.sslrootcert ? [`sslrootcert=${q(cfg.db.sslrootcert)}`] : []),
  ].join(' ');
}

// --- pg-native, synchronous calls (libpq's PQexecParams; the event loop waits for each) -------------

function nativeClient(cfg) {
  const Native = require('pg-native');
  const client = new Native({ arrayMode: true });
  try {
    client.connectSync(conninfo(cfg));
  } catch (e) {
    setImmediate(() => setImmediate(keep, client)); // libpq has finished it: the same wait as end()
    throw e;
  }
  return client;
}

/**
 * Closes a pg-native client and keeps it reachable until libuv has closed its socket watcher.
 * libpq's Finish() calls uv_close() on a handle inside the native object, and the close completes
 * in the loop's close phase; if the object is collected before that (a connection per request makes
 * garbage fast), libuv touches freed memory and node aborts with "uv__finish_close: Assertion
 * `handle->flags & UV_HANDLE_CLOSING' failed" (seen under load; a gc() after end() shows it at
 * once). A check-phase callback scheduled from a check-phase callback runs one full turn later,
 * after the close phase, wherever end() was called.
 */
function end(client) {
  client.end();
  setImmediate(() => setImmediate(keep, client));
}

function keep() {}

function syncRunner(client) {
  return { parallel: false, run: (s, params) => client.querySync(s.text, params || []) };
}

function syncPerRequest(cfg) {
  return {
    async check() {
      const c = nativeClient(cfg);
      c.querySync('SELECT 1');
      end(c);
    },
    async session(fn) {
      const client = nativeClient(cfg);
      try {
        return await fn(syncRunner(client));
      } finally {
        end(client);
      }
    },
    async close() {},
  };
}

function syncShared(cfg) {
  let client;
  let runner;
  return {
    async check() {
      client = nativeClient(cfg);
      client.querySync('SELECT 1');
      runner = syncRunner(client);
    },
    session: (fn) => fn(runner),
    async close() {
      if (client) client.end();
    },
  };
}

// --- pg (pure JavaScript), asynchronous calls ------------------------------------------------------

function asyncRunner(queryable, prepared) {
  return {
    parallel: false,
    run: (s, params) => queryable.query(prepared
      ? { name: s.name, text: s.text, values: params, rowMode: 'array' }
      : { text: s.text, values: params, rowMode: 'array' }).then((r) => r.rows),
  };
}

async function newClient(cfg) {
  const { Client } = require('pg');
  const client = new Client(pgConfig(cfg));
  client.on('error', () => {}); // a broken connection fails its query; nothing else to do
  await client.connect();
  return client;
}

function asyncPerRequest(cfg) {
  return {
    async check() {
      const c = await newClient(cfg);
      await c.query('SELECT 1');
      await c.end();
    },
    async session(fn) {
      const client = await newClient(cfg);
      try {
        return await fn(asyncRunner(client, false));
      } finally {
        await client.end().catch(() => {});
      }
    },
    async close() {},
  };
}

function asyncSharedQueued(cfg) {
  const queue = new Queue();
  let client;
  let runner;
  return {
    async check() {
      client = await newClient(cfg);
      await client.query('SELECT 1');
      runner = asyncRunner(client, false);
    },
    session: (fn) => queue.run(() => fn(runner)),
    async close() {
      if (client) await client.end().catch(() => {});
    },
  };
}

function asyncPool(cfg, prepared) {
  const { Pool } = require('pg');
  const pool = new Pool({ ...pgConfig(cfg), max: cfg.pool, idleTimeoutMillis: 0 });
  pool.on('error', () => {}); // an idle connection that breaks is dropped by the pool
  const runner = { ...asyncRunner(pool, prepared), parallel: true };
  return {
    async check() {
      await pool.query('SELECT 1');
    },
    session: (fn) => fn(runner),
    close: () => pool.end(),
  };
}

function backend(cfg) {
  switch (cfg.style) {
    case 'sync-per-request': return syncPerRequest(cfg);
    case 'sync-shared': return syncShared(cfg);
    case 'async-per-request': return asyncPerRequest(cfg);
    case 'async-shared-queued': return asyncSharedQueued(cfg);
    case 'async-pool': return asyncPool(cfg, false);
    case 'async-pool-prepared': return asyncPool(cfg, true);
    default: throw new Error(`unknown style ${cfg.style}`);
  }
}

module.exports = { backend, conninfo, nativeClient, end, tlsOption };
