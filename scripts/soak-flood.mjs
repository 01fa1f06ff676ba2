// Half-open header flood: CONNS connections spread over loopback addresses
// 127.0.0.2… (under the per-peer cap, so every one is held), each sending a
// partial request head and nothing more; a connection the server closes (its
// header timeout) is opened again. Meanwhile /healthz is asked from 127.0.0.1
// every 200 ms. Prints how many were open and /healthz's latencies and failures.
// Usage: node scripts/soak-flood.mjs HOST PORT CONNS SECONDS
import net from 'node:net';

const [host = '127.0.0.1', port = '3000', conns = '2000', seconds = '30'] = process.argv.slice(2);
const total = Number(conns);
const perAddress = 250;
const until = Date.now() + Number(seconds) * 1000;
let open = 0;
let maxOpen = 0;
let opened = 0;
let closedByServer = 0;
const sockets = new Set();
const connect = (i) => {
  if (Date.now() > until) return;
  const localAddress = `127.0.0.${2 + Math.floor(i / perAddress)}`;
  const s = net.connect({ host, port: Number(port), localAddress });
  sockets.add(s);
  s.on('connect', () => {
    open += 1;
    opened += 1;
    maxOpen = Math.max(maxOpen, open);
    s.write(`GET /?mbps=${i} HTTP/1.1\r\nHost: x\r\nX-Slow: `);
  });
  s.on('error', () => {});
  s.on('close', (hadError) => {
    sockets.delete(s);
    if (s.connecting === false && open > 0) open -= 1;
    closedByServer += 1;
    setTimeout(() => connect(i), 50);
  });
};
for (let i = 0; i < total; i++) connect(i);
const lat = [];
let failures = 0;
const probe = async () => {
  const t = performance.now();
  try {
    const r = await fetch(`http://${host}:${port}/healthz`, { signal: AbortSignal.timeout(5000) });
    await r.text();
    if (!r.ok) failures += 1;
    else lat.push(performance.now() - t);
  } catch {
    failures += 1;
  }
};
while (Date.now() < until) {
  await probe();
  await new Promise((r) => setTimeout(r, 200));
}
for (const s of sockets) s.destroy();
lat.sort((a, b) => a - b);
const q = (p) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(1) : 'n/a');
console.log(
  `flood: ${total} half-open connections wanted, ${maxOpen} open at once, ${opened} opened in all (${closedByServer} closed by the server's header timeout and reopened); ` +
    `/healthz during it: ${lat.length} answered, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms, ${failures} failed`,
);
process.exit(0);
