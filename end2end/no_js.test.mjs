// JavaScript off: a share link renders the whole plan server-side, and the GET
// form works without WASM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a share link renders the plan with JavaScript disabled', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/?mbps=200&size=1024&retention_h=72&kind=business&needs=transactions,delay`);
  const heading = await page.textContent('#rec-h');
  assert.match(heading, /Run RocketMQ on \d+ machines/);
  assert.ok(await page.locator('.path li').count() >= 5, 'decision path listed');
  assert.equal(await page.locator('.candidates tbody tr').count(), 4, 'four candidates');
  // Charts are server-drawn SVG images, beside the numbers, without JavaScript too.
  const imgs = page.locator('figure.chart img[src^="/api/v1/chart/"]');
  assert.ok(await imgs.count() >= 3, 'charts are server-drawn images');
  await page.waitForLoadState('load');
  const loaded = await imgs.evaluateAll((xs) => xs.map((x) => [x.getAttribute('src'), x.complete && x.naturalWidth]));
  for (const [src, w] of loaded) assert.ok(w > 0, `chart loaded: ${src}`);
  assert.equal(await page.getAttribute('body', 'data-hydrated'), null, 'no WASM ran');
  await ctx.close();
});

test('the form submits as a GET without JavaScript and errors sit beside the field', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/`);
  await page.fill('#f-size', '100');
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  assert.match(page.url(), /size=100/);
  // It lands on the plan, not the top of the form (a stop-41 tester on a phone).
  assert.match(page.url(), /#results$/);
  assert.ok(await page.evaluate(() => window.scrollY > 0 || document.querySelector('#results').getBoundingClientRect().top < 200), 'scrolled to the plan');
  // The rate in msg/s alone: MB/s shows its default greyed, not as a value sent
  // beside it (a stop-41 tester's submit was refused as both).
  await page.goto(`${BASE}/`);
  assert.equal(await page.inputValue('#f-mbps'), '');
  assert.equal(await page.getAttribute('#f-mbps', 'placeholder'), '50');
  await page.fill('#f-msgs', '50000');
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  assert.match(page.url(), /msgs=50000/);
  assert.equal(await page.locator('#rec-h').count(), 1, 'planned, not refused');
  // The browser's own constraint validation blocks rf=0 in the form; a pasted
  // link still reaches the server, which answers beside the field.
  await page.goto(`${BASE}/?size=100&rf=0`);
  const err = await page.textContent('#f-rf ~ .error');
  assert.match(err, /whole number from 1 to 7/);
  await ctx.close();
});
