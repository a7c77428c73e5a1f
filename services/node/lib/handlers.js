'use strict';
// The contract's endpoints over a backend's session(fn); a handler answers
// { status, type, body } or null for "no such endpoint".

const http = require('http');
const render = require('./render');
const statements = require('./statements');

const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=utf-8';

/** `mongo`: E4's MongoDB source (lib/mongo.js), or null: /notifications' second source is then the fortune query. */
function handlers(backend, sql, cfg, mongo) {
  const onPg = cfg.engine === 'postgresql';
  // /notifications' slow source: the slow_world scan (query) or pg_sleep (sleep, the default when unset)
  const slowSource = process.env.DBRACE_SLOW_SOURCE || 'sleep';
  if (slowSource !== 'query' && slowSource !== 'sleep') {
    throw new Error(`DBRACE_SLOW_SOURCE must be query or sleep; got '${slowSource}'`);
  }
  const byLimit = new Map();
  const limited = (n) => {
    if (!byLimit.has(n)) byLimit.set(n, statements.relationsLimited(cfg.engine, n));
    return byLimit.get(n);
  };

  async function worlds(c, n) {
    const ids = Array.from({ length: n }, render.randomId);
    if (c.parallel) {
      return Promise.all(ids.map(async (id) => render.world((await c.run(sql.world, [id]))[0])));
    }
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = render.world((await c.run(sql.world, [ids[i]]))[0]);
    return out;
  }

  const routes = {
    '/health': async () => ({ status: 200, type: 'text/plain', body: 'ok' }),

    '/db': () => backend.session(async (c) => {
      const rows = await c.run(sql.world, [render.randomId()]);
      return { status: 200, type: JSON_TYPE, body: JSON.stringify(render.world(rows[0])) };
    }),

    '/queries': (q) => backend.session(async (c) => ({
      status: 200, type: JSON_TYPE, body: JSON.stringify(await worlds(c, render.queryCount(q.get('queries')))),
    })),

    '/updates': (q) => backend.session(async (c) => {
      const rows = await worlds(c, render.queryCount(q.get('queries')));
      for (const w of rows) w.randomNumber = render.randomId();
      // by id, so two requests writing the same rows cannot deadlock
      const sorted = [...rows].sort((a, b) => a.id - b.id);
      if (c.parallel) {
        await Promise.all(sorted.map((w) => c.run(sql.update, [w.randomNumber, w.id])));
      } else {
        for (const w of sorted) await c.run(sql.update, [w.randomNumber, w.id]);
      }
      return { status: 200, type: JSON_TYPE, body: JSON.stringify(rows) };
    }),

    '/fortunes': () => backend.session(async (c) => ({
      status: 200, type: HTML_TYPE, body: render.fortunes(await c.run(sql.fortunes, [])),
    })),

    '/relations': (q) => {
      const limit = render.limit(q.get('limit'));
      if (limit === null) return { status: 400, type: 'text/plain', body: 'limit must be an integer 1..100000' };
      const s = limit === undefined ? sql.relations : limited(limit);
      return backend.session(async (c) => {
        const rows = await c.run(s, []);
        return { status: 200, type: JSON_TYPE, body: render.relations(s.columns || rows.columns || [], rows) };
      });
    },
  };

  async function film(fidText) {
    if (!onPg || !/^\d{1,9}$/.test(fidText)) return { status: 404, type: 'text/plain', body: 'no such film' };
    const fid = Number(fidText);
    return backend.session(async (c) => {
      const rows = await c.run(sql.film, [fid]);
      return rows.length === 0 ? { status: 404, type: 'text/plain', body: 'no such film' }
        : { status: 200, type: JSON_TYPE, body: JSON.stringify({ fid, title: rows[0][0] }) };
    });
  }

  /**
   * E4's aggregator: the remote call and the MongoDB query go out first (their clients are the process's, whatever
   * the style), the statements run on the style's connection while they wait. A sync style blocks the process in each
   * statement, so its MongoDB query leaves only once they are done; the async ones' runs beside them.
   */
  async function notifications(userText) {
    if (!onPg || !/^\d{1,18}$/.test(userText)) return { status: 404, type: 'text/plain', body: 'no such user' };
    const user = Number(userText);
    const remote = getJson(`${cfg.remoteUrl}/remote/${user}`);
    remote.catch(() => {}); // awaited below; a failure then fails the request
    const fromMongo = mongo && mongo.read(user);
    if (fromMongo) fromMongo.catch(() => {}); // the same
    const [slow, fortune] = await backend.session(async (c) => {
      const s = slowSource === 'query' ? c.run(sql.slowQuery, [user % 10000 + 1])
        : c.run(sql.slow, [user % 10000 + 1, (30 + user % 171) / 1000]);
      if (fromMongo) return [await s, null];
      const f = c.run(sql.fortune, [user % 12 + 1]);
      return c.parallel ? Promise.all([s, f]) : [await s, await f];
    });
    const second = fromMongo ? await fromMongo : { source: 'fortune', id: fortune[0][0], message: fortune[0][1] };
    const r = await remote;
    const body = JSON.stringify([
      { source: 'slow', id: slow[0][0], randomNumber: slow[0][1] },
      second,
      { source: 'remote', user: r.user, delayMs: r.delayMs },
    ]);
    return { status: 200, type: JSON_TYPE, body };
  }

  return function route(path, query) {
    const h = routes[path];
    if (h) return h(query);
    if (path.startsWith('/film/')) return film(path.slice(6));
    if (path.startsWith('/notifications/')) return notifications(path.slice(15));
    return null;
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function getJson(url) {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { data += d; });
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`remote answered ${res.statusCode}`));
        try {
          return resolve(JSON.parse(data));
        } catch (e) {
          return reject(e);
        }
      });
    }).on('error', reject);
  });
}

module.exports = { handlers };
