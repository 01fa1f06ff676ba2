// JavaScript on: changing the message size re-plans in the browser without a page
// load, the URL follows, and the copied link reproduces the plan in a fresh context.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, hydrated, BASE } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('changing the size updates plan and URL without a navigation; the link reproduces it', async () => {
  const ctx = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${BASE}/?mbps=100&size=1024`);
  await hydrated(page);
  // A full page load would wipe this marker; replaceState keeps it.
  await page.evaluate(() => { window.__samePage = true; });
  const before = await page.textContent('#rec-h');
  const bottleneckBefore = await page.textContent('.bottleneck');
  const chartSrcs = () => page.locator('figure.chart img').evaluateAll((xs) => xs.map((x) => x.getAttribute('src')));
  const srcsBefore = await chartSrcs();

  await page.fill('#f-size', '100');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('size') === '100');
  const after = await page.textContent('#rec-h');
  assert.notEqual(after, before, 'plan changed in place');
  // The charts follow: each image the server draws now names the new size, and loads.
  const srcsAfter = await chartSrcs();
  assert.equal(srcsAfter.length, srcsBefore.length);
  const sized = srcsAfter.filter((s) => /[?&]size=100(&|$)/.test(s));
  assert.ok(sized.length >= 3, `bounds, latency and size charts redrawn for size 100: ${srcsAfter}`);
  await page.waitForFunction(() => [...document.querySelectorAll('figure.chart img')].every((x) => x.complete && x.naturalWidth > 0));
  assert.equal(await page.evaluate(() => window.__samePage), true, 'no page load');
  assert.deepEqual(errors, []);

  await page.click('button.copy');
  await page.waitForSelector('button.copy:has-text("Link copied")');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /size=100/);
  const cardNow = await page.textContent('.recommendation .facts');

  const fresh = await browser.newContext();
  const p2 = await fresh.newPage();
  await p2.goto(copied);
  assert.equal(await p2.textContent('#rec-h'), after, 'same recommendation');
  assert.equal(await p2.textContent('.recommendation .facts'), cardNow, 'same numbers');
  assert.ok(bottleneckBefore.length > 0);
  await fresh.close();
  await ctx.close();
});

test('an invalid value shows the message beside the field and recovers', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${BASE}/`);
  await hydrated(page);
  const headline = await page.textContent('#rec-h');
  await page.fill('#f-rf', '9');
  await page.waitForSelector('.field.invalid #f-rf');
  assert.match(await page.textContent('#f-rf ~ .error'), /1 to 7/);
  // The last plan stays, dimmed and said to be the last one (a stop-40 tester saw one
  // mistyped field blank the whole plan).
  assert.equal(await page.textContent('#rec-h'), headline, 'the last plan is still shown');
  const stale = () => page.evaluate(() => ({
    opacity: getComputedStyle(document.querySelector('.recommendation')).opacity,
    note: getComputedStyle(document.querySelector('#results'), '::before').content,
  }));
  const during = await stale();
  assert.equal(during.opacity, '0.5');
  assert.match(during.note, /last one made/);
  await page.fill('#f-rf', '3');
  await page.waitForSelector('#rec-h');
  const after = await stale();
  assert.equal(after.opacity, '1');
  assert.equal(after.note, 'none');
  await ctx.close();
});

test('the page is usable on a phone-sized viewport', async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `no horizontal page scroll (overflow ${overflow}px)`);
  await ctx.close();
});

test('tightening the latency objective changes the recommendation live, and the share link reproduces it', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${BASE}/?mbps=50&kind=data`);
  await hydrated(page);
  const system = async () => (await page.locator('.recommendation h2 .system').textContent()).trim();
  assert.equal(await system(), 'Kafka');
  // Kafka's fitted p99 floor is 9.26 ms (seed 000 §4, Confluent's and StreamNative's 200 K msg/s
  // runs); RocketMQ's curve gives 9 ms at 50 % load (seed 000 §4's steady figure): only RocketMQ
  // meets 9.1 ms.
  await page.fill('#f-p99_ms', '9.1');
  await page.waitForFunction(() => /p99_ms=9.1/.test(location.search));
  await page.waitForFunction(() => document.querySelector('.recommendation h2 .system')?.textContent.trim() === 'RocketMQ');
  const link = page.url();
  const fresh = await browser.newContext({ javaScriptEnabled: false });
  const again = await fresh.newPage();
  await again.goto(link);
  assert.equal((await again.locator('.recommendation h2 .system').textContent()).trim(), 'RocketMQ');
  assert.ok(await again.locator('#f-zones').count() === 1, 'the schema\'s new fields are on the form');
  await fresh.close();
  await ctx.close();
});
