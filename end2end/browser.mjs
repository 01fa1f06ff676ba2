// Shared set-up for the browser tests: Debian's chromium driven by playwright-core.
import { chromium } from 'playwright-core';

export const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3917';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Waits for the Effect that marks hydration done. */
export async function hydrated(page) {
  await page.waitForSelector('body[data-hydrated="true"]', { timeout: 20000 });
}
