'use strict';
// pg-native's end() leaves a libuv close pending inside the native object; lib/pg.js keeps the
// object alive until the close is done. A gc() right after each end() aborted node before that.
// Runs when a PostgreSQL is given: DBRACE_TEST_PG_HOST, _PORT, _NAME, _USER, _PASSWORD.
const test = require('node:test');
const assert = require('node:assert');
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const env = process.env;
const given = ['HOST', 'PORT', 'NAME', 'USER'].every((k) => env[`DBRACE_TEST_PG_${k}`]);
const skip = given ? false : 'no PostgreSQL given: set DBRACE_TEST_PG_HOST, _PORT, _NAME, _USER and _PASSWORD to run this';

const CHILD = `
const pg = require(${JSON.stringify(path.join(__dirname, '..', 'lib', 'pg.js'))});
const e = process.env;
const cfg = { db: { host: e.DBRACE_TEST_PG_HOST, port: e.DBRACE_TEST_PG_PORT, database: e.DBRACE_TEST_PG_NAME,
  user: e.DBRACE_TEST_PG_USER, password: e.DBRACE_TEST_PG_PASSWORD || '' }, applicationName: 'dbrace-node-test' };
let n = 0;
function round() {
  for (let i = 0; i < 10; i++, n++) {
    const c = pg.nativeClient(cfg);
    c.querySync('SELECT 1');
    pg.end(c);
    global.gc();
  }
  if (n < 100) setImmediate(round); else process.stdout.write('closed ' + n);
}
round();
`;

test('a connection per request with synchronous calls survives collection right after end()', { skip }, () => {
  const r = spawnSync(process.execPath, ['--expose-gc', '-e', CHILD], { env, encoding: 'utf8', timeout: 60000 });
  assert.strictEqual(r.status, 0, r.stderr);
  assert.strictEqual(r.stdout, 'closed 100');
});
