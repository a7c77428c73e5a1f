'use strict';
// The variants on a real Firebird server, when one is given:
//   DBRACE_TEST_FIREBIRD_HOST, _PORT, _NAME (database file path), _USER, _PASSWORD
// The database needs dbrace's world (10,000 rows) and fortune (TechEmpower's 12) tables.
const test = require('node:test');
const assert = require('node:assert');
const { spawn } = require('node:child_process');
const service = require('./support/service');

const { SERVER, freePort, get, ready } = service;

const env = process.env;
const given = ['HOST', 'PORT', 'NAME', 'USER', 'PASSWORD'].every((k) => env[`DBRACE_TEST_FIREBIRD_${k}`]);
const skip = given ? false : 'no Firebird given: set DBRACE_TEST_FIREBIRD_HOST, _PORT, _NAME, _USER and _PASSWORD to run these';

function start(style, port, extra = []) {
  return service.start(style, port, {
    DBRACE_DB_ENGINE: 'firebird',
    DBRACE_DB_HOST: env.DBRACE_TEST_FIREBIRD_HOST,
    DBRACE_DB_PORT: env.DBRACE_TEST_FIREBIRD_PORT,
    DBRACE_DB_NAME: env.DBRACE_TEST_FIREBIRD_NAME,
    DBRACE_DB_USER: env.DBRACE_TEST_FIREBIRD_USER,
    DBRACE_DB_PASSWORD: env.DBRACE_TEST_FIREBIRD_PASSWORD,
  }, extra);
}

function assertWorld(w) {
  assert.deepStrictEqual(Object.keys(w), ['id', 'randomNumber']);
  assert.ok(w.id >= 1 && w.id <= 10000 && w.randomNumber >= 1 && w.randomNumber <= 10000, JSON.stringify(w));
}

test('the asynchronous styles answer the contract on Firebird, /relations byte-identical', { skip }, async () => {
  const relations = {};
  for (const style of ['async-per-request', 'async-shared-queued', 'async-pool', 'async-pool-prepared']) {
    const port = await freePort();
    const svc = start(style, port);
    try {
      await ready(port, svc);
      const db = await get(port, '/db');
      assert.strictEqual(db.type, 'application/json');
      assertWorld(JSON.parse(db.body));
      const q = JSON.parse((await get(port, '/queries?queries=5')).body);
      assert.strictEqual(q.length, 5);
      q.forEach(assertWorld);
      const f = await get(port, '/fortunes');
      assert.strictEqual(f.type, 'text/html; charset=utf-8');
      assert.strictEqual((f.body.match(/<tr><td>/g) || []).length, 13, f.body);
      assert.ok(f.body.includes('<tr><td>11</td><td>&lt;script&gt;alert(&quot;This should not be displayed'), f.body);
      const r = await get(port, '/relations');
      const rows = JSON.parse(r.body);
      assert.ok(rows.length >= 50, `rdb$relations rows: ${rows.length}`);
      assert.strictEqual(rows[0]['RDB$RELATION_NAME'], 'RDB$PAGES');
      relations[style] = r.body;
    } finally {
      svc.child.kill('SIGTERM');
      assert.strictEqual(await svc.exited, 0, svc.output());
    }
    assert.ok(!svc.output().includes(env.DBRACE_TEST_FIREBIRD_PASSWORD), 'the password in the output');
  }
  const [first, ...rest] = Object.values(relations);
  rest.forEach((body) => assert.strictEqual(body, first));
});

// The firebird addon (libfbclient): an optional dependency, built at npm ci where firebird-dev is installed.
let addonMissing = false;
try {
  require.resolve('firebird');
} catch {
  addonMissing = 'the firebird addon is not built: apt-get install -y firebird-dev, then npm ci';
}
const shortPassword = given && Buffer.byteLength(env.DBRACE_TEST_FIREBIRD_PASSWORD) <= 20;
const addonSkip = skip || addonMissing || (shortPassword ? false
  : 'the firebird addon cuts passwords to 20 bytes: give a DBRACE_TEST_FIREBIRD_USER whose password fits');

test('the firebird addon styles (sync, and libfbclient async) send node-firebird\'s /relations bytes', { skip: addonSkip },
  async () => {
    const bodies = {};
    const styles = [['async-pool', []], ['sync-per-request', []], ['sync-shared', []],
      ...['async-per-request', 'async-shared-queued', 'async-pool', 'async-pool-prepared']
        .map((st) => [st, ['--firebird-driver', 'libfbclient']])];
    for (const [style, extra] of styles) {
      const port = await freePort();
      const svc = start(style, port, extra);
      const key = `${style} ${extra.join(' ')}`;
      try {
        await ready(port, svc);
        assertWorld(JSON.parse((await get(port, '/db')).body));
        const q = JSON.parse((await get(port, '/queries?queries=3')).body);
        assert.strictEqual(q.length, 3);
        const u = JSON.parse((await get(port, '/updates?queries=2')).body);
        assert.strictEqual(u.length, 2);
        u.forEach(assertWorld);
        const f = await get(port, '/fortunes');
        assert.strictEqual((f.body.match(/<tr><td>/g) || []).length, 13, f.body);
        bodies[key] = (await get(port, '/relations')).body;
        assert.strictEqual(JSON.parse((await get(port, '/relations?limit=10')).body).length, 10, key);
        assert.strictEqual((await get(port, '/relations?limit=0')).status, 400);
      } finally {
        svc.child.kill('SIGTERM');
        assert.strictEqual(await svc.exited, 0, `${key}: ${svc.output()}`);
      }
      assert.ok(!svc.output().includes(env.DBRACE_TEST_FIREBIRD_PASSWORD), 'the password in the output');
    }
    const [first, ...rest] = Object.entries(bodies);
    rest.forEach(([key, body]) => assert.strictEqual(body, first[1], `${key} differs from ${first[0]}`));
  });

test('the firebird addon styles refuse a password over 20 bytes in one line, without it', async () => {
  const long = 'p'.repeat(21);
  const child = spawn(process.execPath, [SERVER, '--style', 'sync-shared'], {
    env: { PATH: env.PATH, DBRACE_HTTP_PORT: String(await freePort()), DBRACE_DB_ENGINE: 'firebird',
      DBRACE_DB_NAME: '/nowhere.fdb', DBRACE_DB_USER: 'SYSDBA', DBRACE_DB_PASSWORD: long },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (d) => { out += d; });
  assert.strictEqual(await new Promise((resolve) => child.on('exit', resolve)), 1);
  assert.match(out, /^dbrace node service: node-sync-shared cannot log in as SYSDBA: the firebird addon cuts passwords to 20 bytes and this one has 21 .*\n$/);
  assert.ok(!out.includes(long));
});

test('an unreachable Firebird fails the start in one line, without the password', { skip }, async () => {
  const port = await freePort();
  const closed = await freePort(); // nothing listens there
  const child = spawn(process.execPath, [SERVER, '--style', 'async-pool'], {
    env: { PATH: env.PATH, DBRACE_HTTP_PORT: String(port), DBRACE_DB_ENGINE: 'firebird', DBRACE_DB_HOST: '127.0.0.1',
      DBRACE_DB_PORT: String(closed), DBRACE_DB_NAME: env.DBRACE_TEST_FIREBIRD_NAME, DBRACE_DB_USER: 'SYSDBA',
      DBRACE_DB_PASSWORD: env.DBRACE_TEST_FIREBIRD_PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (d) => { out += d; });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.strictEqual(code, 1);
  assert.match(out, /^dbrace node service: node-async-pool cannot reach firebird at 127\.0\.0\.1:\d+ .*\n$/);
  assert.ok(!out.includes(env.DBRACE_TEST_FIREBIRD_PASSWORD));
});
