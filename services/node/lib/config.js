'use strict';
// The contract's environment (docs/service-contract.md) and the variant's --style argument.

const STYLES = [
  'sync-per-request', // a new connection per request, blocking calls
  'async-per-request', // a new connection per request, non-blocking calls
  'sync-shared', // one connection for the process, blocking calls
  'async-shared-queued', // one connection, requests queued one at a time
  'async-pool', // a pool of DBRACE_POOL connections
  'async-pool-prepared', // the pool, with prepared (named / cached) statements
];
const ENGINES = ['postgresql', 'firebird'];
// Firebird's drivers: node-firebird (pure JavaScript, async only) or the firebird addon (libfbclient,
// sync and async calls); the sync styles have only the addon.
const FIREBIRD_DRIVERS = ['node-firebird', 'libfbclient'];
const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']; // libpq's words

function fail(message) {
  process.stderr.write(`dbrace node service: ${message}\n`);
  process.exit(2);
}

function read(argv = process.argv.slice(2), env = process.env) {
  const i = argv.indexOf('--style');
  const style = i >= 0 ? argv[i + 1] : undefined;
  if (!STYLES.includes(style)) {
    fail(`--style must be one of ${STYLES.join(', ')}; got ${style === undefined ? 'nothing' : `'${style}'`}`);
  }
  const engine = env.DBRACE_DB_ENGINE || 'postgresql';
  if (!ENGINES.includes(engine)) {
    fail(`DBRACE_DB_ENGINE must be one of ${ENGINES.join(', ')}; got '${engine}'`);
  }
  const d = argv.indexOf('--firebird-driver');
  const firebirdDriver = d >= 0 ? argv[d + 1] : (style.startsWith('sync') ? 'libfbclient' : 'node-firebird');
  if (!FIREBIRD_DRIVERS.includes(firebirdDriver) || (style.startsWith('sync') && firebirdDriver !== 'libfbclient')) {
    fail(`--firebird-driver must be one of ${FIREBIRD_DRIVERS.join(', ')} (the sync styles: libfbclient); got '${firebirdDriver}'`);
  }
  const sslmode = env.DBRACE_DB_SSLMODE || (engine === 'postgresql' ? 'prefer' : undefined); // libpq's default
  if (sslmode !== undefined && (engine !== 'postgresql' || !SSL_MODES.includes(sslmode))) {
    fail(`DBRACE_DB_SSLMODE must be one of ${SSL_MODES.join(', ')} on postgresql; got '${sslmode}' on ${engine}`);
  }
  const pool = Number.parseInt(env.DBRACE_POOL || '5', 10);
  const httpPort = Number.parseInt(env.DBRACE_HTTP_PORT || '', 10);
  if (!Number.isInteger(httpPort) || httpPort <= 0) {
    fail(`DBRACE_HTTP_PORT must be a port number; got '${env.DBRACE_HTTP_PORT || ''}'`);
  }
  const mongoUrl = env.DBRACE_MONGO_URL || undefined;
  return {
    style,
    engine,
    firebirdDriver,
    httpHost: env.DBRACE_HTTP_HOST || '127.0.0.1',
    httpPort,
    db: {
      host: env.DBRACE_DB_HOST || '127.0.0.1',
      port: Number.parseInt(env.DBRACE_DB_PORT || (engine === 'firebird' ? '3050' : '5432'), 10),
      database: env.DBRACE_DB_NAME || (engine === 'firebird' ? '' : 'postgres'),
      user: env.DBRACE_DB_USER || (engine === 'firebird' ? 'SYSDBA' : 'postgres'),
      password: env.DBRACE_DB_PASSWORD || '',
      sslmode,
      sslrootcert: env.DBRACE_DB_SSLROOTCERT || undefined,
    },
    pool: Number.isInteger(pool) && pool > 0 ? pool : 5,
    remoteUrl: env.DBRACE_REMOTE_URL || '',
    // E4's second source: MongoDB when dbrace gives its URL (second-source = mongo), else the fortune query
    mongoUrl,
    // what no message may show: redact(message, ...secrets)
    secrets: [env.DBRACE_DB_PASSWORD, ...urlPasswords(mongoUrl)].filter(Boolean),
    applicationName: env.DBRACE_APPLICATION_NAME || 'dbrace-node',
  };
}

/**
 * An error's message with the secrets taken out (drivers may echo connection strings): each password given, and
 * any URL's password (`scheme://user:password@`), so a MongoDB URL that slips into a message loses its own.
 */
function redact(message, ...passwords) {
  let text = String(message).replace(/\s*\n\s*/g, ' ').trim();
  for (const p of passwords) {
    if (p) text = text.split(p).join('***');
  }
  return text.replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/[^:@/\s]*):[^@/\s]*@/g, '$1:***@');
}

/** The password of a `mongodb://user:password@host/` URL, as written and decoded (either may be echoed), or []. */
function urlPasswords(url) {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^:@/]*:([^@/]*)@/.exec(url || '');
  if (!m || !m[1]) return [];
  try {
    return [m[1], decodeURIComponent(m[1])];
  } catch {
    return [m[1]];
  }
}

module.exports = { STYLES, ENGINES, FIREBIRD_DRIVERS, SSL_MODES, read, redact };
