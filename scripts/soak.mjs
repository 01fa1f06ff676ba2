// Bounded loopback soak: static assets and varied pages / plans at once, with the
// server's RSS sampled throughout. Not a pass/fail test; prints the figures.
// Usage: node scripts/soak.mjs BASE_URL SERVER_PID SECONDS [DATASET_IDS,comma-separated]
// A fifth of the page / plan queries name one of the datasets (share links with uploads).
// STATIC_RATE / PAGE_RATE (req/s over all 64 connections; 0 = as fast as answered)
// hold the offered load, so latency is service time, not queueing behind a
// saturated 2-core machine.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

const [base, pid, seconds = '600', ids = ''] = process.argv.slice(2);
const datasets = ids.split(',').filter(Boolean);
const duration = Number(seconds);
const pick = (a) => a[Math.floor(Math.random() * a.length)];
const grid = {
  mbps: ['5', '20', '50', '120', '300', '800', '2000'],
  size: ['100', '512', '1024', '4096', '16384'],
  rf: ['1', '2', '3'],
  retention_h: ['1', '24', '72', '168'],
  partitions: ['6', '24', '100', '500'],
  kind: ['data', 'business'],
  needs: ['', 'transactions', 'delay,dlq', 'tiered', 'geo,schema'],
  hw: ['seed000-8c16g', 'seed000-16c64g', 'seed001-r740xd', 'general-32c128g-nvme'],
  durability: ['replicated', 'fsync', 'leader'],
};
const query = () => {
  const q = Object.entries(grid).map(([k, v]) => `${k}=${encodeURIComponent(pick(v))}`).join('&');
  return datasets.length && Math.random() < 0.2 ? `${q}&dataset=${pick(datasets)}` : q;
};
const rss = [];
const sample = () => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  rss.push(Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024);
};
sample();
const timer = setInterval(sample, 5000);
const rate = (name) => Number(process.env[name] || 0) || undefined;
const run = (opts) => new Promise((resolve, reject) => autocannon({ duration, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));
const statics = ['/pkg/app.js', '/pkg/main.css', '/upload.js', '/favicon.svg'];
const [st, pages] = await Promise.all([
  run({ url: base, connections: 64, overallRate: rate('STATIC_RATE'), requests: [{ setupRequest: (r) => ({ ...r, path: pick(statics) }) }] }),
  run({
    url: base,
    connections: 64,
    overallRate: rate('PAGE_RATE'),
    requests: [{ setupRequest: (r) => ({ ...r, path: Math.random() < 0.5 ? `/?${query()}` : `/api/v1/plan?${query()}` }) }],
  }),
]);
clearInterval(timer);
sample();
const tenth = Math.floor(rss.length / 10);
const line = (name, r) =>
  `${name}: ${r.requests.total} requests, ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}`;
console.log(`offered: static ${process.env.STATIC_RATE || 'unbounded'} req/s, pages ${process.env.PAGE_RATE || 'unbounded'} req/s, ${duration} s`);
console.log(line('static (64 connections)', st));
console.log(line('pages + plans (64 connections, varied queries)', pages));
console.log(`RSS MiB every 5 s: ${rss.map((x) => x.toFixed(0)).join(' ')}`);
console.log(`RSS MiB: start ${rss[0].toFixed(0)}, after warm-up ${rss[tenth].toFixed(0)}, max ${Math.max(...rss).toFixed(0)}, end ${rss[rss.length - 1].toFixed(0)} (${rss.length} samples)`);
