'use strict';
// dbrace's Node.js service (docs/service-contract.md): one HTTP server on Node's own `http` module,
// the database reached in the style --style names (see README.md), the engine from DBRACE_DB_ENGINE.

const http = require('http');
const config = require('./lib/config');
const statements = require('./lib/statements');
const { handlers } = require('./lib/handlers');

const cfg = config.read();

function die(message) {
  process.stderr.write(`dbrace node service: ${config.redact(message, ...cfg.secrets)}\n`);
  process.exit(1);
}

async function main() {
  let backend;
  try {
    if (cfg.engine === 'postgresql' && cfg.style.startsWith('async')) {
      cfg.db.ssl = await require('./lib/pg').tlsOption(cfg); // pg's way to the race's sslmode
    }
  } catch (e) {
    return die(`node-${cfg.style} cannot connect with sslmode=${cfg.db.sslmode} to ${cfg.db.host}:${cfg.db.port}: ${e.message}`);
  }
  try {
    if (cfg.engine !== 'firebird') {
      backend = require('./lib/pg').backend(cfg);
    } else {
      backend = require(cfg.firebirdDriver === 'libfbclient' ? './lib/fbclient' : './lib/firebird').backend(cfg);
    }
  } catch (e) {
    return die(e.message);
  }
  try {
    await backend.check();
  } catch (e) {
    return die(`node-${cfg.style} cannot reach ${cfg.engine} at ${cfg.db.host}:${cfg.db.port}`
      + ` (database ${cfg.db.database}, user ${cfg.db.user}): ${e.message}`);
  }
  let mongo = null;
  if (cfg.mongoUrl) {
    try {
      mongo = await require('./lib/mongo').open(cfg.mongoUrl, cfg.pool, cfg.applicationName);
    } catch (e) {
      await Promise.resolve(backend.close()).catch(() => {});
      return die(`node-${cfg.style} cannot reach MongoDB (DBRACE_MONGO_URL): ${e.message}`);
    }
  }
  const route = handlers(backend, statements[cfg.engine], cfg, mongo);
  let failures = 0;

  const server = http.createServer((req, res) => {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const params = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
    let answer;
    try {
      answer = req.method === 'GET' ? route(path, params) : null;
    } catch (e) {
      answer = Promise.reject(e);
    }
    if (answer === null) {
      send(res, { status: 404, type: 'text/plain', body: 'not found' });
      return;
    }
    Promise.resolve(answer).then((a) => send(res, a), (e) => {
      // one line per failure, the first few only: a broken database must not flood the log
      if (failures++ < 20) process.stderr.write(`${req.url}: ${config.redact(e && e.message, ...cfg.secrets)}\n`);
      send(res, { status: 500, type: 'text/plain', body: 'database error' });
    });
  });
  server.keepAliveTimeout = 75000; // longer than the generator keeps an idle connection
  server.headersTimeout = 80000;
  server.on('error', (e) => die(`cannot listen on ${cfg.httpHost}:${cfg.httpPort}: ${e.message}`));
  server.listen(cfg.httpPort, cfg.httpHost);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    Promise.all([backend.close(), mongo && mongo.close()]).catch(() => {}).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return undefined;
}

function send(res, a) {
  const body = Buffer.from(a.body, 'utf8');
  res.writeHead(a.status, { 'Content-Type': a.type, 'Content-Length': body.length, Server: 'node' });
  res.end(body);
}

main().catch((e) => die(e.message));
