// Bounded loopback soak: static assets and varied pages / plans at once, with the
// server's RSS sampled throughout. Not a pass/fail test; prints the figures.
// Usage: node scripts/soak.mjs BASE_URL SERVER_PID SECONDS [DATASET_IDS,comma-separated]
// A fifth of the page / plan queries name one of the datasets (share links with uploads).
// STATIC_RATE / PAGE_RATE (req/s over all 64 connections; 0 = as fast as answered)
// hold the offered load, so latency is service time, not queueing behind a
// saturated 2-core machine.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { query as varied, statics } from './soak-queries.mjs';

const [base, pid, seconds = '600', ids = ''] = process.argv.slice(2);
const datasets = ids.split(',').filter(Boolean);
const duration = Number(seconds);
const pick = (a) => a[Math.floor(Math.random() * a.length)];
const rss = [];
const sample = () => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  rss.push(Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024);
};
sample();
const timer = setInterval(sample, 5000);
const rate = (name) => Number(process.env[name] || 0) || undefined;
// Every response time as measured (ms), by kind: autocannon's own percentiles, when
// a rate is held, add coordinated-omission samples at an expected interval of
// ceil(1 / per-connection rate) = 1 ms (seconds read as ms), so a 40 ms answer
// also counts as 39, 38, … 1 ms; both are printed.
const raw = { static: [], page: [], plan: [] };
const run = (opts, kind) =>
  new Promise((resolve, reject) => {
    const instance = autocannon({ duration, ...opts }, (e, r) => (e ? reject(e) : resolve(r)));
    instance.on('response', (client, status, bytes, ms) => raw[kind(client)].push(ms));
  });
const query = () => varied(datasets);
// CPU seconds of the server (/proc) and of this load generator, and the load average.
const serverCpu = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const cpu0 = { server: serverCpu(), client: process.cpuUsage(), load: loadavg(), t: Date.now() };
const [st, pages] = await Promise.all([
  run({ url: base, connections: 64, overallRate: rate('STATIC_RATE'), requests: [{ setupRequest: (r) => ({ ...r, path: pick(statics) }) }] }, () => 'static'),
  run(
    {
      url: base,
      connections: 64,
      overallRate: rate('PAGE_RATE'),
      requests: [
        {
          setupRequest: (r, context) => {
            context.kind = Math.random() < 0.5 ? 'page' : 'plan';
            return { ...r, path: context.kind === 'page' ? `/?${query()}` : `/api/v1/plan?${query()}` };
          },
        },
      ],
    },
    (client) => client.requestIterator.context.kind || 'page',
  ),
]);
const wall = (Date.now() - cpu0.t) / 1000;
const clientCpu = process.cpuUsage(cpu0.client);
const cpu = { server: (serverCpu() - cpu0.server) / wall, client: (clientCpu.user + clientCpu.system) / 1e6 / wall };
clearInterval(timer);
sample();
const pct = (xs, q) => {
  const s = Float64Array.from(xs).sort();
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const measured = (name) => {
  const xs = raw[name];
  return `${name} ${xs.length}: p50 ${pct(xs, 0.5).toFixed(1)} ms, p90 ${pct(xs, 0.9).toFixed(1)} ms, p99 ${pct(xs, 0.99).toFixed(1)} ms, p99.9 ${pct(xs, 0.999).toFixed(1)} ms`;
};
const tenth = Math.floor(rss.length / 10);
const line = (name, r) =>
  `${name}: ${r.requests.total} requests, ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}`;
console.log(`offered: static ${process.env.STATIC_RATE || 'unbounded'} req/s, pages ${process.env.PAGE_RATE || 'unbounded'} req/s, ${duration} s`);
console.log(line('static (64 connections)', st));
console.log(line('pages + plans (64 connections, varied queries)', pages));
console.log(`as measured (no coordinated-omission samples): ${measured('static')}; ${measured('page')}; ${measured('plan')}`);
console.log(`CPU, cores on average: server ${cpu.server.toFixed(2)}, load generator (this node process) ${cpu.client.toFixed(2)}; load average ${cpu0.load} at the start, ${loadavg()} at the end`);
console.log(`RSS MiB every 5 s: ${rss.map((x) => x.toFixed(0)).join(' ')}`);
console.log(`RSS MiB: start ${rss[0].toFixed(0)}, after warm-up ${rss[tenth].toFixed(0)}, max ${Math.max(...rss).toFixed(0)}, end ${rss[rss.length - 1].toFixed(0)} (${rss.length} samples)`);
