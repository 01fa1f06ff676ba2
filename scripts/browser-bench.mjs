// Re-plan latency in the browser: time from an input event on the size field to
// the last DOM mutation of the re-rendered plan (plan + DOM update; the chart images
// load from the server afterwards and are not timed here),
// measured inside the page with performance.now() and a MutationObserver. Not a pass/fail test; `make bench` prints the figures.
// Usage: BASE_URL=http://127.0.0.1:3918 node scripts/browser-bench.mjs
import { launch, hydrated } from '../end2end/browser.mjs';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3918';
const browser = await launch();
const page = await browser.newPage();
await page.goto(`${BASE}/?mbps=200&size=1024&retention_h=72&partitions=500`);
await hydrated(page);
const times = await page.evaluate(async () => {
  const input = document.querySelector('#f-size');
  const heading = () => document.querySelector('.results')?.textContent ?? '';
  const out = [];
  const sizes = ['100', '1024', '250', '4096', '512', '64', '2048', '300'];
  for (let round = 0; round < 5; round += 1) {
    for (const s of sizes) {
      const before = heading();
      const t0 = performance.now();
      input.value = s;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // The last DOM mutation of the update, seen by a MutationObserver; settled
      // when a macrotask passes with no further mutation.
      const done = await new Promise((resolve) => {
        let last = null;
        const target = document.querySelector('.results');
        const mo = new MutationObserver(() => { last = performance.now(); });
        mo.observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
        const settle = () => setTimeout(() => {
          if (last !== null && heading() !== before && performance.now() - last > 4) { mo.disconnect(); resolve(last); } else { settle(); }
        }, 2);
        settle();
      });
      out.push(done - t0);
    }
  }
  return out.sort((a, b) => a - b);
});
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
console.log(`browser re-plan (input → DOM updated), n=${times.length}: p50 ${pct(50)} ms, p90 ${pct(90)} ms, max ${times[times.length - 1].toFixed(1)} ms (one frame = 16.7 ms)`);
await browser.close();
