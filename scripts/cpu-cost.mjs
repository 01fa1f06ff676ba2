// CPU per request, server and load generator, on loopback: for each kind
// (varied pages, varied plans, static assets) a fixed number of requests at a
// held rate over a few connections, the server's CPU (utime + stime from
// /proc/PID/stat) and this process's own CPU (process.cpuUsage) counted across it.
// Not a pass/fail test. Usage: node scripts/cpu-cost.mjs BASE_URL SERVER_PID [REQUESTS]
// COST_RATE (req/s, default 200) and COST_CONNECTIONS (default 4) set the load.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { query, statics } from './soak-queries.mjs';

const [base, pid, n = '3000'] = process.argv.slice(2);
const amount = Number(n);
const hz = 100; // USER_HZ: /proc/PID/stat counts clock ticks
const serverCpuMs = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / hz;
};
const pick = (a) => a[Math.floor(Math.random() * a.length)];
const kinds = {
  page: () => `/?${query()}`,
  plan: () => `/api/v1/plan?${query()}`,
  static: () => pick(statics),
};
const run = (path) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url: base, amount, connections: Number(process.env.COST_CONNECTIONS || 4), overallRate: Number(process.env.COST_RATE || 200), requests: [{ setupRequest: (r) => ({ ...r, path: path() }) }] },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );
for (const [name, path] of Object.entries(kinds)) {
  if (process.env.COST_KINDS && !process.env.COST_KINDS.split(',').includes(name)) continue;
  await run(path); // warm-up: the same count, not measured
  const s0 = serverCpuMs();
  const c0 = process.cpuUsage();
  const t0 = Date.now();
  const r = await run(path);
  const wall = (Date.now() - t0) / 1000;
  const server = (serverCpuMs() - s0) / r.requests.total;
  const c = process.cpuUsage(c0);
  const client = (c.user + c.system) / 1000 / r.requests.total;
  const kb = r.throughput.total / r.requests.total / 1024;
  console.log(
    `${name}: ${r.requests.total} requests in ${wall.toFixed(1)} s (${(r.requests.total / wall).toFixed(0)} req/s), ${kb.toFixed(1)} KB each; server CPU ${server.toFixed(3)} ms/request, load generator CPU ${client.toFixed(3)} ms/request; p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
  );
}
