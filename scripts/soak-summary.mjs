// Prints the soak's figures (scripts/soak.sh) from oha's JSON reports, the server's
// CPU ticks before and after, and its RSS samples. oha reports seconds; printed in ms.
// Usage: node scripts/soak-summary.mjs SECONDS "UTIME STIME" "UTIME STIME" RSS_FILE REPORT.json...
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [seconds, stat0, stat1, rssFile, ...reports] = process.argv.slice(2);
const ms = (s) => (s * 1000).toFixed(s < 0.01 ? 2 : 1);
let failed = 0;
for (const file of reports) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const name = basename(file, '.json').replace(/^soak-/, '');
  const codes = r.statusCodeDistribution || {};
  const ok = Object.entries(codes).filter(([c]) => c.startsWith('2')).reduce((a, [, n]) => a + n, 0);
  const other = Object.entries(codes).filter(([c]) => !c.startsWith('2'));
  // A request still in flight when the duration ends is cut off by oha, not failed by the server.
  const errors = Object.entries(r.errorDistribution || {}).filter(([e]) => e !== 'aborted due to deadline');
  const cut = (r.errorDistribution || {})['aborted due to deadline'] || 0;
  failed += errors.reduce((a, [, n]) => a + n, 0) + other.reduce((a, [, n]) => a + n, 0);
  const p = r.latencyPercentiles;
  console.log(
    `${name} (64 connections): ${ok} × 2xx at ${r.summary.requestsPerSec.toFixed(0)} req/s, ${(r.summary.sizePerRequest / 1024).toFixed(1)} KiB each on the wire; ` +
      `p50 ${ms(p.p50)} ms, p90 ${ms(p.p90)} ms, p99 ${ms(p.p99)} ms, p99.9 ${ms(p['p99.9'])} ms, max ${ms(r.summary.slowest)} ms; ` +
      `non-2xx ${JSON.stringify(Object.fromEntries(other))}, errors ${JSON.stringify(Object.fromEntries(errors))}, in flight at the end ${cut}`,
  );
}
const ticks = (s) => s.split(' ').map(Number).reduce((a, b) => a + b, 0);
console.log(`server CPU: ${((ticks(stat1) - ticks(stat0)) / 100 / Number(seconds)).toFixed(2)} cores on average (utime + stime, USER_HZ 100)`);
const rss = readFileSync(rssFile, 'utf8').split('\n').filter(Boolean).map((kb) => Number(kb) / 1024);
const tenth = Math.floor(rss.length / 10);
console.log(`RSS MiB every 5 s: ${rss.map((x) => x.toFixed(0)).join(' ')}`);
console.log(`RSS MiB: start ${rss[0].toFixed(0)}, after warm-up ${rss[tenth].toFixed(0)}, max ${Math.max(...rss).toFixed(0)}, end ${rss[rss.length - 1].toFixed(0)} (${rss.length} samples)`);
console.log(failed ? `FAILED: ${failed} errors or non-2xx answers` : 'no errors, no non-2xx answers');
