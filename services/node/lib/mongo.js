'use strict';
// E4's MongoDB source (docs/service-contract.md, /notifications) on MongoDB's official driver, one client per
// process for every style: the contract opens it at start with DBRACE_POOL connections. Its calls are asynchronous
// whatever the style (the driver has no others), like the remote call; lib/handlers.js says when each style makes them.

const { MongoClient } = require('mongodb');

const DATABASE = 'dbrace';
const COLLECTION = 'notifications';
const PER_ANSWER = 3;

/**
 * The client for `url` (it may hold a password: never in a message of ours), pinged before it is returned, so an
 * unreachable server fails the start. Rejects with the driver's error, the client closed.
 */
async function open(url, pool, applicationName) {
  const client = new MongoClient(url, {
    maxPoolSize: pool,
    serverSelectionTimeoutMS: 10000, // the driver's 30 s would outlast dbrace's wait for /health
    appName: applicationName,
  });
  try {
    await client.db(DATABASE).command({ ping: 1 });
  } catch (e) {
    await client.close().catch(() => {});
    throw e;
  }
  const notifications = client.db(DATABASE).collection(COLLECTION);
  return {
    /** The contract's {source: 'mongo', user: U, messages} for `user`: U's first three notifications, in seq order. */
    async read(user) {
      const u = user % 1000 + 1;
      // batchSize = limit: the driver sends limit + 1 as the batch size, so the server closes the cursor with its first
      // batch (no getMore, no killCursors: FerretDB would scan on for a getMore; docs/service-level.md)
      const docs = await notifications.find({ user: u, seq: { $lte: PER_ANSWER } },
        { limit: PER_ANSWER, batchSize: PER_ANSWER }).toArray();
      docs.sort((a, b) => a.seq - b.seq); // the query names no order
      return { source: 'mongo', user: u, messages: docs.map((d) => d.text) };
    },
    close: () => client.close(),
  };
}

module.exports = { open, DATABASE, COLLECTION, PER_ANSWER };
