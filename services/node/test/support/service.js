'use strict';
// The tests' way to run server.js as dbrace does: a child process on a free port, its output kept, HTTP GETs to it.
// Not a test file: package.json's test script and dbrace-cli's NodeServicesIT run test/*.test.js.
const { spawn } = require('node:child_process');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');

const SERVER = path.join(__dirname, '..', '..', 'server.js');

/** A port free on 127.0.0.1 right now. */
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * server.js --style `style` (then `args`) on `port` with the contract's environment `env` (PATH and the HTTP settings
 * added): {child, exited (a promise of its exit code), output() (its stdout and stderr so far)}.
 */
function start(style, port, env, args = []) {
  const child = spawn(process.execPath, [SERVER, '--style', style, ...args], {
    env: { PATH: process.env.PATH, DBRACE_HTTP_HOST: '127.0.0.1', DBRACE_HTTP_PORT: String(port), DBRACE_POOL: '3', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** GET `p`: {status, type (the content type), body (UTF-8)}. */
function get(port, p) {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: p }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
    }).on('error', reject);
  });
}

/** Waits up to 15 s for /health to answer 200; else fails with the service's output. */
async function ready(port, svc) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await get(port, '/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready: ${svc.output()}`);
}

module.exports = { SERVER, freePort, start, get, ready };
