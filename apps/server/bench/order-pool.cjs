// autocannon's setupRequest for the order targets, loaded by path in its worker thread. Every
// connection asks this one module for its next request, so the guests of the pool (written by
// bench/api.ts to the file BENCH_ORDER_POOL names) take turns across all connections: in a run
// each guest places a few orders, from its own address, as in a rush. With the same list of
// requests on every connection instead, each guest would get one order per connection in a row.
const { readFileSync } = require('node:fs');

const pool = JSON.parse(readFileSync(process.env.BENCH_ORDER_POOL, 'utf8'));
let next = 0;

module.exports = function setupRequest(request) {
  const guest = pool[next];
  next = (next + 1) % pool.length;
  return { ...request, body: guest.body, headers: { ...request.headers, ...guest.headers } };
};
