/**
 * Holds idle live connections (the public menu events stream) open through the balancer, as
 * guests' open menus do, in a process of its own so the benchmark's client does not share an
 * event loop with them. Usage: hold-streams.ts <balancer url> <count>. Prints one JSON line,
 * the streams each instance holds (by HAProxy's X-Served-By), once all are open, then waits to be
 * killed.
 */
const [url, countText] = process.argv.slice(2);
const count = Number(countText);
if (!url || !Number.isInteger(count)) throw new Error('usage: hold-streams.ts <url> <count>');

const perInstance: Record<string, number> = {};
let opened = 0;
const open = async () => {
  // Guests at many addresses (an instance holds at most 200 menu streams per address), as HAProxy
  // forwards them and the server trusts from loopback.
  opened += 1;
  const from = `10.7.${Math.floor(opened / 100) % 250}.${(opened % 100) + 1}`;
  const response = await fetch(`${url}/api/v1/menu/events`, { headers: { 'x-forwarded-for': from } });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const served = response.headers.get('x-served-by') ?? '?';
  perInstance[served] = (perInstance[served] ?? 0) + 1;
  void response.body.pipeTo(new WritableStream()).catch(() => undefined);
};
for (let index = 0; index < count; index += 50)
  await Promise.all(Array.from({ length: Math.min(50, count - index) }, open));
console.log(JSON.stringify(perInstance));
setInterval(() => undefined, 60_000);
