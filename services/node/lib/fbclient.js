'use strict';
// Firebird backends over the `firebird` addon (xdenser/node-firebird-libfbclient: libfbclient through
// NAN), the driver E5 itself used: synchronous calls (connectSync, querySync, fetchSync, commitSync)
// that block the event loop, and asynchronous ones (connect, query, fetch, commit, a prepared
// statement's exec) that run libfbclient's call on libuv's thread pool. The same session(fn) shape as
// pg.js and firebird.js: c.run(statement, params) -> rows as arrays (a value for the sync styles, a
// promise for the async ones), the column names on rows.columns (for `select *`).
//
// What the addon lacks, and how it is met here:
// - It cuts passwords to 20 bytes (MAX_PASSWORD_LENGTH in its connection code) before attaching, so a
//   longer one is refused at start in one line instead of failing as a wrong password; dbrace's
//   embedded Firebird has a user with a 20-byte password for these variants.
// - query()/querySync() take no parameters: the statements' markers get the request's values inlined,
//   which are integers the service drew itself (checked); the prepared style binds them with exec().
// - Its rows carry BLOBs as handles with no sub-type: the text BLOB columns of RDB$RELATIONS are read
//   from the catalogue at start and read as UTF-8 text; the others (BLR) are null, as with node-firebird.
// - Every connection has one implicit transaction that stays open: each session (request) commits.

const Queue = require('./queue');

/** The addon's password limit (MAX_PASSWORD_LENGTH 20 in src/fb-bindings-connection.h). */
const PASSWORD_MAX_BYTES = 20;

function addon() {
  try {
    return require('firebird');
  } catch (e) {
    throw new Error('the firebird addon (libfbclient) is not installed: it is an optional dependency built at npm ci'
      + ' when Firebird\'s client headers are there (apt-get install -y firebird-dev, then npm ci in services/node)');
  }
}

function checkPassword(cfg) {
  const bytes = Buffer.byteLength(cfg.db.password, 'utf8');
  if (bytes > PASSWORD_MAX_BYTES) {
    throw new Error(`node-${cfg.style} cannot log in as ${cfg.db.user}: the firebird addon cuts passwords to`
      + ` ${PASSWORD_MAX_BYTES} bytes and this one has ${bytes} (give these variants a user with a shorter password)`);
  }
}

function dsn(cfg) {
  return `${cfg.db.host}/${cfg.db.port}:${cfg.db.database}`;
}

/** The statement's ? markers replaced by its values, integers only (the service's own random ids). */
function inline(text, params) {
  let i = 0;
  const out = text.replace(/\?/g, () => {
    const v = params[i++];
    if (!Number.isSafeInteger(v)) throw new Error(`not an integer parameter: ${v}`);
    return String(v);
  });
  if (i !== (params || []).length) throw new Error(`${params.length} values for ${i} markers`);
  return out;
}

const returnsRows = (s) => /^\s*select\b/i.test(s.text);

const TEXT_BLOBS_SQL = 'SELECT TRIM(rf.rdb$field_name) FROM rdb$relation_fields rf'
  + ' JOIN rdb$fields f ON f.rdb$field_name = rf.rdb$field_source'
  + " WHERE rf.rdb$relation_name = 'RDB$RELATIONS' AND f.rdb$field_type = 261 AND f.rdb$field_sub_type = 1";

// --- rows: objects from the addon (their keys are the column names) to arrays + columns ------------

function isBlob(v) {
  return v !== null && typeof v === 'object' && typeof v._openSync === 'function';
}

function toArrays(objects) {
  const columns = objects.length ? Object.keys(objects[0]) : [];
  const rows = objects.map((o) => columns.map((c) => o[c]));
  rows.columns = columns;
  return rows;
}

function readBlobSync(blob) {
  const chunks = [];
  const buf = Buffer.alloc(16384);
  blob._openSync();
  try {
    for (let n = blob._readSync(buf); n > 0; n = blob._readSync(buf)) chunks.push(Buffer.from(buf.subarray(0, n)));
  } finally {
    blob._closeSync();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A text BLOB read whole; the addon's _readAll reports a read error only as an 'error' event (unheard: a crash). */
function readBlob(blob) {
  return new Promise((resolve, reject) => {
    blob.once('error', reject);
    blob._readAll((err, buf, len) => (err ? reject(err) : resolve(buf.subarray(0, len).toString('utf8'))));
  });
}

/** Text BLOBs as strings (read now), other BLOBs as null; sync or async per `read`. */
function blobsSync(rows, textBlobs) {
  rows.forEach((r) => r.forEach((v, i) => {
    if (isBlob(v)) r[i] = textBlobs.has(rows.columns[i]) ? readBlobSync(v) : null;
  }));
  return rows;
}

async function blobs(rows, textBlobs) {
  for (const r of rows) {
    for (let i = 0; i < r.length; i++) {
      if (isBlob(r[i])) r[i] = textBlobs.has(rows.columns[i]) ? await readBlob(r[i]) : null;
    }
  }
  return rows;
}

// --- synchronous calls ------------------------------------------------------------------------------

function connectSync(cfg) {
  const c = addon().createConnection();
  c.connectSync(dsn(cfg), cfg.db.user, cfg.db.password, '');
  return c;
}

function disconnect(c) {
  try {
    if (c.connected) c.disconnect();
  } catch {
    // closing anyway
  }
}

function syncRunner(c, textBlobs) {
  return {
    parallel: false,
    run(s, params) {
      const res = c.querySync(inline(s.text, params || []));
      return returnsRows(s) ? blobsSync(toArrays(res.fetchSync('all', true)), textBlobs) : [];
    },
  };
}

/** The session's statements, then its commit (rolled back on failure). */
async function syncSession(c, textBlobs, fn) {
  try {
    const out = await fn(syncRunner(c, textBlobs));
    c.commitSync();
    return out;
  } catch (e) {
    try {
      if (c.inTransaction) c.rollbackSync();
    } catch {
      // the failure below says what went wrong
    }
    throw e;
  }
}

function textBlobsSync(c) {
  const set = new Set(c.querySync(TEXT_BLOBS_SQL).fetchSync('all', false).map((r) => String(r[0])));
  c.commitSync();
  return set;
}

function syncPerRequest(cfg) {
  let textBlobs;
  return {
    async check() {
      const c = connectSync(cfg);
      try {
        textBlobs = textBlobsSync(c);
      } finally {
        disconnect(c);
      }
    },
    async session(fn) {
      const c = connectSync(cfg);
      try {
        return await syncSession(c, textBlobs, fn);
      } finally {
        disconnect(c);
      }
    },
    async close() {},
  };
}

function syncShared(cfg) {
  let c;
  let textBlobs;
  return {
    async check() {
      c = connectSync(cfg);
      textBlobs = textBlobsSync(c);
    },
    session: (fn) => syncSession(c, textBlobs, fn),
    async close() {
      if (c) disconnect(c);
    },
  };
}

// --- asynchronous calls (libuv's thread pool) ---------------------------------------------------------

function connect(cfg) {
  const c = addon().createConnection();
  return new Promise((resolve, reject) => c.connect(dsn(cfg), cfg.db.user, cfg.db.password, '',
    (err) => (err ? reject(err) : resolve(c))));
}

/**
 * Every row of a result. A query()'s result: the addon frees its statement (isc_dsql_free_statement) on
 * the main thread right after the end callback, and after emitting an event that runs the promise jobs
 * queued so far: settled at once, the next call on the connection (a blob read, the commit, the next
 * query) was already on a libuv thread by then, the same attachment in two threads at once, and
 * libfbclient crashed in that free (a segfault in isc_dsql_free_statement under E5's 10-row load). Settled
 * from setImmediate, the free comes first. A prepared statement's end frees nothing (`prepared`: at once).
 */
function fetchAll(result, prepared) {
  return new Promise((resolve, reject) => {
    const out = [];
    const settle = (err) => (err ? reject(err) : resolve(out));
    result.fetch('all', true, (row) => out.push(row), (err) => (prepared ? settle(err) : setImmediate(settle, err)));
  });
}

function query(c, text) {
  return new Promise((resolve, reject) => c.query(text, (err, res) => (err ? reject(err) : resolve(res))));
}

function commit(c) {
  return new Promise((resolve, reject) => c.commit((err) => (err ? reject(err) : resolve())));
}

function rollback(c) {
  return new Promise((resolve) => (c.inTransaction ? c.rollback(() => resolve()) : resolve()));
}

/**
 * Starts one of a prepared statement's calls; the addon answers with a 'result' or an 'error' event,
 * or throws at once when it cannot start the call.
 */
function statementCall(stmt, start) {
  return new Promise((resolve, reject) => {
    const onResult = () => {
      stmt.removeListener('error', onError);
      resolve(stmt);
    };
    const onError = (err) => {
      stmt.removeListener('result', onResult);
      reject(err);
    };
    stmt.once('result', onResult);
    stmt.once('error', onError);
    try {
      start();
    } catch (e) {
      stmt.removeListener('result', onResult);
      stmt.removeListener('error', onError);
      reject(e);
    }
  });
}

/** A prepared statement's exec. */
function exec(stmt, params) {
  return statementCall(stmt, () => stmt.exec(...(params || [])));
}

function newTransaction(c) {
  return new Promise((resolve, reject) => c.startNewTransaction((err, tr) => (err ? reject(err) : resolve(tr))));
}

function commitTr(tr) {
  return new Promise((resolve, reject) => tr.commit((err) => (err ? reject(err) : resolve())));
}

/** A prepared statement's execInTrans in its own transaction, committed at once (writes: no cursor). */
function execInTrans(stmt, tr, params) {
  return statementCall(stmt, () => stmt.execInTrans(tr, ...(params || [])));
}

/** The connection's prepared handle for the SQL text, prepared on first use (the addon prepares synchronously only). */
function prepared(c, s) {
  if (!c.statements) c.statements = new Map();
  let stmt = c.statements.get(s.text);
  if (!stmt) {
    stmt = c.prepareSync(s.text);
    c.statements.set(s.text, stmt);
  }
  return stmt;
}

/**
 * One unprepared statement on connection `c`: query() with the values inlined, in the connection's
 * transaction (the caller commits).
 */
async function runAsync(c, s, params, textBlobs) {
  const res = await query(c, inline(s.text, params || []));
  return returnsRows(s) ? blobs(toArrays(await fetchAll(res)), textBlobs) : [];
}

/**
 * One statement through the connection's prepared handle. A commit closes a prepared SELECT's cursor
 * and the addon's next exec() then fails ("Attempt to reclose a closed cursor": it closes the cursor
 * itself before executing again), so the SELECTs run in the connection's own transaction, which stays
 * open while the connection lives (a snapshot, as read-only work on it needs); writes run each in a
 * transaction of their own, committed at once.
 */
async function runPrepared(c, s, params, textBlobs) {
  const stmt = prepared(c, s);
  if (returnsRows(s)) {
    await exec(stmt, params);
    return blobs(toArrays(await fetchAll(stmt, true)), textBlobs);
  }
  const tr = await newTransaction(c);
  try {
    await execInTrans(stmt, tr, params);
    await commitTr(tr);
  } catch (e) {
    await new Promise((resolve) => tr.rollback(() => resolve()));
    throw e;
  }
  return [];
}

async function asyncSession(c, textBlobs, fn) {
  try {
    const out = await fn({ parallel: false, run: (s, params) => runAsync(c, s, params, textBlobs) });
    await commit(c);
    return out;
  } catch (e) {
    await rollback(c).catch(() => {});
    throw e;
  }
}

async function textBlobsAsync(c) {
  const rows = await fetchAll(await query(c, TEXT_BLOBS_SQL));
  await commit(c);
  return new Set(rows.map((r) => String(Object.values(r)[0])));
}

function asyncPerRequest(cfg) {
  let textBlobs;
  return {
    async check() {
      const c = await connect(cfg);
      try {
        textBlobs = await textBlobsAsync(c);
      } finally {
        disconnect(c);
      }
    },
    async session(fn) {
      const c = await connect(cfg);
      try {
        return await asyncSession(c, textBlobs, fn);
      } finally {
        disconnect(c); // the addon's disconnect is synchronous only
      }
    },
    async close() {},
  };
}

function asyncSharedQueued(cfg) {
  const queue = new Queue();
  let c;
  let textBlobs;
  return {
    async check() {
      c = await connect(cfg);
      textBlobs = await textBlobsAsync(c);
    },
    session: (fn) => queue.run(() => asyncSession(c, textBlobs, fn)),
    async close() {
      if (c) disconnect(c);
    },
  };
}

/**
 * DBRACE_POOL connections opened at start; a statement takes a free one (or waits its turn), runs and
 * commits on it, and gives it back: each statement its own transaction, as node-firebird's pool runs them
 * (the prepared style: see runPrepared).
 */
function asyncPool(cfg, isPrepared) {
  const idle = [];
  const waiting = [];
  let textBlobs;
  const take = () => (idle.length ? Promise.resolve(idle.pop()) : new Promise((resolve) => waiting.push(resolve)));
  const give = (c) => (waiting.length ? waiting.shift()(c) : idle.push(c));
  async function run(s, params) {
    const c = await take();
    try {
      if (isPrepared) return await runPrepared(c, s, params, textBlobs);
      const rows = await runAsync(c, s, params, textBlobs);
      await commit(c);
      return rows;
    } catch (e) {
      if (!isPrepared) await rollback(c).catch(() => {});
      throw e;
    } finally {
      give(c);
    }
  }
  const shared = { parallel: true, run };
  return {
    async check() {
      const all = await Promise.all(Array.from({ length: cfg.pool }, () => connect(cfg)));
      textBlobs = await textBlobsAsync(all[0]);
      all.forEach(give);
    },
    session: (fn) => fn(shared),
    async close() {
      idle.splice(0).forEach(disconnect);
    },
  };
}

function backend(cfg) {
  checkPassword(cfg);
  addon();
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

module.exports = { backend, inline, PASSWORD_MAX_BYTES };
