// The throughput model's validation page (/model) and the interval a plan carries:
// complete without JavaScript, reachable from the advisor with it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE, hydrated } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('/model shows the held-out table and the predicted-vs-measured chart without JavaScript', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const res = await page.goto(`${BASE}/model`);
  assert.equal(res.status(), 200);
  assert.match(await page.textContent('h1'), /How well the throughput model travels/);
  const rows = await page.locator('table').first().locator('tbody tr').allTextContents();
  for (const scope of ['kafka', 'pulsar', 'rocketmq', 'all']) {
    assert.ok(rows.some((r) => r.startsWith(scope)), `${scope} row in ${rows.join(' | ')}`);
  }
  assert.ok(await page.locator('table').nth(1).locator('tbody tr', { hasText: 'streamnative-omb-2020' }).count() === 1, 'held-out sources listed');
  const circles = await page.locator('figure svg circle').count();
  assert.ok(circles > 100, `one point per held-out run (${circles})`);
  assert.match(await page.textContent('figure svg title'), /Predicted vs measured/);
  // Every held-out run, traceable: its row carries the figures and a citation on hover.
  const sat = page.locator('table.runs').first().locator('tbody tr');
  assert.ok((await sat.count()) >= 20, `saturated runs listed (${await sat.count()})`);
  assert.match(await sat.first().locator('span[title]').getAttribute('title'), /\S/);
  assert.ok((await page.locator('table.runs').nth(1).locator('tbody tr').count()) > 100, 'lower-bound runs listed');
  assert.match(await page.textContent('#latency'), /Latency model/);
  assert.ok(await page.locator('dl.glossary dt', { hasText: 'held-out source' }).count() === 1, 'terms defined');
  await ctx.close();
});

test('a plan shows machines across the throughput interval, with JavaScript and without', async () => {
  for (const js of [false, true]) {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`${BASE}/?mbps=300&size=1024&retention_h=1&hw=aws-i3en.2xlarge`);
    if (js) await hydrated(page);
    // Re-plan once: the plan is redrawn in the browser and the chart images follow.
    if (js) { await page.fill('#f-size', '2048'); await page.waitForFunction(() => /size=2048/.test(location.search)); }
    assert.deepEqual(errors, [], `no console errors (CSP included) with js ${js}`);
    const text = await page.textContent('.recommendation dl.facts');
    // One hour of retention: the throughput, not the storage, sets the count, so the
    // interval's low end needs more machines (4 expected, 10 at the low end at 1 KB at stop 32).
    const m = text.match(/(\d+) expected; (\d+) to (\d+) across the 80 % interval/);
    assert.ok(m, `interval shown (js ${js}): ${text}`);
    const [mid, lo, hi] = m.slice(1).map(Number);
    assert.ok(lo <= mid && mid < hi, `${lo} ≤ ${mid} < ${hi}`);
    assert.ok(await page.locator('#f-hw optgroup[label="Measured in public benchmarks"] option[value="aws-i3en.2xlarge"]').count() === 1, 'corpus presets grouped');
    await ctx.close();
  }
});
