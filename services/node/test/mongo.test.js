'use strict';
// E4's MongoDB source (lib/mongo.js) through server.js, every PostgreSQL style, when a PostgreSQL and a MongoDB
// holding dbrace's notifications are given: DBRACE_TEST_PG_HOST, _PORT, _NAME, _USER, _PASSWORD and
// DBRACE_TEST_MONGO_URL. dbrace-cli's NodeServicesIT runs these with its test PostgreSQL and FerretDB:
//   ./dbrace test -pl dbrace-cli -am -Dit.test=NodeServicesIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
//     -Dfailsafe.failIfNoSpecifiedTests=false
const test = require('node:test');
const assert = require('node:assert');
const http = require('node:http');
const { freePort, get, ready, start: startService } = require('./support/service');
const { STYLES } = require('../lib/config');

const env = process.env;
const pgGiven = ['HOST', 'PORT', 'NAME', 'USER'].every((k) => env[`DBRACE_TEST_PG_${k}`]);
const noPg = pgGiven ? false : 'no PostgreSQL given: set DBRACE_TEST_PG_HOST, _PORT, _NAME, _USER and _PASSWORD to run this';
const noMongo = noPg || (env.DBRACE_TEST_MONGO_URL ? false
  : 'no MongoDB given: set DBRACE_TEST_MONGO_URL to one holding dbrace\'s notifications (NodeServicesIT gives its FerretDB\'s)');

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

/** dbrace's remote stub, without the delay: {user, delayMs: 0}. */
async function remoteStub() {
  const server = http.createServer((req, res) => {
    const user = Number(req.url.slice('/remote/'.length));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ user, delayMs: 0 }));
  });
  return { server, url: `http://127.0.0.1:${await listen(server)}` };
}

function start(style, port, extraEnv) {
  return startService(style, port, {
    DBRACE_DB_ENGINE: 'postgresql',
    DBRACE_DB_HOST: env.DBRACE_TEST_PG_HOST,
    DBRACE_DB_PORT: env.DBRACE_TEST_PG_PORT,
    DBRACE_DB_NAME: env.DBRACE_TEST_PG_NAME,
    DBRACE_DB_USER: env.DBRACE_TEST_PG_USER,
    DBRACE_DB_PASSWORD: env.DBRACE_TEST_PG_PASSWORD || '',
    DBRACE_DB_SSLMODE: 'disable',
    ...extraEnv,
  });
}

test('every style answers /notifications\' second source from MongoDB, the user\'s 3 first in seq order', { skip: noMongo },
  async () => {
    const remote = await remoteStub();
    try {
      for (const style of STYLES) {
        const port = await freePort();
        const svc = start(style, port, { DBRACE_REMOTE_URL: remote.url, DBRACE_SLOW_SOURCE: 'sleep',
          DBRACE_MONGO_URL: env.DBRACE_TEST_MONGO_URL });
        try {
          await ready(port, svc);
          for (const user of [7, 1999]) {
            const a = await get(port, `/notifications/${user}`);
            assert.strictEqual(a.status, 200, `${style}: ${a.body} ${svc.output()}`);
            assert.strictEqual(a.type, 'application/json');
            const [slow, second, r] = JSON.parse(a.body);
            assert.strictEqual(slow.source, 'slow', a.body);
            assert.strictEqual(slow.id, user % 10000 + 1, a.body);
            const u = user % 1000 + 1;
            assert.deepStrictEqual(second, { source: 'mongo', user: u,
              messages: [1, 2, 3].map((seq) => `notification ${seq} for user ${u}`) }, `${style}: ${a.body}`);
            assert.deepStrictEqual(r, { source: 'remote', user, delayMs: 0 }, a.body);
          }
        } finally {
          svc.child.kill('SIGTERM');
          assert.strictEqual(await svc.exited, 0, `${style}: ${svc.output()}`);
        }
        assert.strictEqual(svc.output(), '', `${style} wrote to its log`);
      }
    } finally {
      remote.server.close();
    }
  });

test('an unreachable MongoDB fails the start in one line, exit 1, without the URL\'s password', { skip: noPg }, async () => {
  const port = await freePort();
  const closed = await freePort(); // nothing listens there
  const svc = start('async-pool', port, { DBRACE_MONGO_URL: `mongodb://dbrace:s3cret%21pw@127.0.0.1:${closed}/` });
  // the driver gives up after 10 s; one that never tries would serve on
  const late = setTimeout(() => svc.child.kill('SIGKILL'), 30000);
  const code = await svc.exited;
  clearTimeout(late);
  assert.strictEqual(code, 1, `not a failed start: ${svc.output()}`);
  const lines = svc.output().trim().split('\n');
  assert.strictEqual(lines.length, 1, svc.output());
  assert.match(lines[0], /^dbrace node service: node-async-pool cannot reach MongoDB \(DBRACE_MONGO_URL\): /);
  assert.ok(!/s3cret/.test(svc.output()), svc.output());
});
