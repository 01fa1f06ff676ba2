// Upload → plan → share: with JavaScript (drag-free file picker, progress, report
// in place) and without (plain multipart form, server redirect).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, hydrated, BASE } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const sample = (n) => path.join(here, '..', 'crates', 'ingest', 'tests', 'samples', n);

// The SVG the server draws for the page's size chart (the image's own address).
async function sizeChartSvg(page) {
  const src = await page.locator('figure.chart', { hasText: 'CPU-bound produce throughput per node vs message size' }).locator('img').getAttribute('src');
  assert.match(src, /dataset=[0-9a-f]{16}/, 'the chart is drawn with the upload');
  const res = await page.request.get(new URL(src, page.url()).href);
  assert.equal(res.status(), 200);
  return res.text();
}

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('upload with JS, plan with the data, and the share link reproduces it', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${BASE}/?mbps=100&size=1024`);
  await hydrated(page);
  await page.setInputFiles('#up-file', sample('kafka_producer_consumer_perf_test_dcos_m3xlarge.md'));
  await page.fill('#up-nodes', '3');
  await page.fill('#up-cores', '4');
  await page.click('#upload-form button[type=submit]');
  await page.waitForSelector('#up-report h3.ok');
  assert.match(await page.textContent('#up-report'), /Imported \d+ rows \(kafka-perf\)/);
  assert.match(await page.textContent('#up-report'), /\d+ row\(s\) stored: one per condition \(system, message size, partitions, rate\) and metric.*A plan counts runs: a condition's throughput/, 'rows and runs told apart');
  assert.match(await page.textContent('#up-report'), /acks=1/, 'lint warning shown');
  await Promise.all([page.waitForNavigation(), page.click('#up-report a.plan-link')]);
  await hydrated(page);
  assert.match(page.url(), /dataset=[0-9a-f]{16}/);
  assert.ok(await page.locator('.your-data li[data-dataset]').count() >= 1, 'your data listed');
  const sizeChart = await sizeChartSvg(page);
  assert.match(sizeChart, /Kafka: your runs/, 'uploaded points drawn around the calibrated corpus line');
  assert.match(sizeChart, /Kafka fit ×[\d.]+, 80 % band/, 'the legend says the line is calibrated to them (×f)');
  assert.match(sizeChart, /<rect/, 'as squares');
  const heading = await page.textContent('#rec-h');
  const facts = await page.textContent('.recommendation .facts');
  const link = page.url();
  const fresh = await browser.newContext();
  const p2 = await fresh.newPage();
  await p2.goto(link);
  assert.equal(await p2.textContent('#rec-h'), heading);
  assert.equal(await p2.textContent('.recommendation .facts'), facts);
  assert.ok(await p2.locator('.your-data').count() === 1);
  await fresh.close();
  // Using the uploaded rows alone loads the plan the server builds for it, as the
  // share link does (a stop-43 tester saw the words stay on the merged plan).
  await Promise.all([page.waitForNavigation(), page.selectOption('#f-data', 'only')]);
  await hydrated(page);
  assert.match(page.url(), /data=only/);
  const alone = await browser.newContext();
  const p3 = await alone.newPage();
  await p3.goto(page.url());
  assert.equal(await page.textContent('#rec-h'), await p3.textContent('#rec-h'));
  assert.equal(await page.textContent('.recommendation .facts'), await p3.textContent('.recommendation .facts'));
  await alone.close();
  await ctx.close();
});

test('upload without JS: the form posts, the server redirects to the plan; refusals are reported', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/?mbps=100`);
  await page.setInputFiles('#up-file', sample('rocketmq_producer_sh_4m4s_48c256g_excerpt.md'));
  await page.fill('#up-nodes', '8');
  await page.fill('#up-cores', '48');
  await Promise.all([page.waitForNavigation(), page.click('#upload-form button[type=submit]')]);
  assert.match(page.url(), /mbps=100.*dataset=[0-9a-f]{16}/);
  assert.ok(await page.locator('.your-data').count() === 1);
  assert.match(await sizeChartSvg(page), /RocketMQ: your runs/, 'the chart shows the upload without JS too');
  await page.setInputFiles('#up-file', sample('confluent2020_omb_rabbitmq_latency_mirrored-30k.json'));
  await Promise.all([page.waitForNavigation(), page.click('#upload-form button[type=submit]')]);
  assert.match(await page.textContent('body'), /nothing was stored/);
  assert.match(await page.textContent('body'), /rabbitmq/);
  assert.match(await page.getAttribute('a[href^="/?"]', 'href'), /mbps=100/, 'the way back keeps the workload');
  await ctx.close();
});
