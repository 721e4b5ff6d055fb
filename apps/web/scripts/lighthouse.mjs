#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse mobile (default throttling) against the BUILT product, with
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Builds nothing: run `npm run build`
// first. Starts the server on a free port with a temporary data folder and the sandbox, signs a
// guest in through the sandbox API, runs each URL 3 times and prints the medians of Performance,
// Accessibility and Best Practices (ARCHITECTURE.md budgets). Writes no report files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startProduct } from '../../../tools/product-server.mjs';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const RUNS = 3;
const STATE_KEY = 'chain-ordering:state';
const BUDGET = { performance: 90, accessibility: 95, 'best-practices': 95 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

if (!existsSync(join(REPO, 'apps/web/dist/index.html'))) {
  console.error('lighthouse: the web app is not built. Run `npm run build` first (this script builds nothing).');
  process.exit(1);
}
console.log('lighthouse: measuring the existing build in apps/web/dist (run `npm run build` first if it is stale).');

async function api(baseUrl, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** A guest signed in by e-mail code, the captcha and code read from the sandbox outbox. */
async function signIn(baseUrl) {
  const email = `lighthouse-${Date.now()}@example.ru`;
  const outbox = `/sandbox/outbox?to=${encodeURIComponent(email)}`;
  await fetch(`${baseUrl}/captcha/${encodeURIComponent(email)}?${Date.now()}`);
  const before = await api(baseUrl, outbox);
  await api(baseUrl, '/api/v2/user/sendEmailCode', { email, captcha: before.captcha });
  const after = await api(baseUrl, outbox);
  const code = after.messages.at(-1)?.code;
  const signed = await api(baseUrl, '/api/v2/user/checkEmailCode', { email, code });
  return signed.user;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let product;
let chrome;
let failed = false;
try {
  product = await startProduct({ dataPrefix: 'chain-lighthouse-' });
  const { baseUrl } = product;

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });

  /** Lighthouse mobile (its defaults), RUNS times; medians of the three categories. */
  async function measure(path, disableStorageReset) {
    const scores = { performance: [], accessibility: [], 'best-practices': [] };
    const metrics = { 'first-contentful-paint': [], 'largest-contentful-paint': [], 'total-blocking-time': [], 'cumulative-layout-shift': [] };
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(
        `${baseUrl}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset },
        { extends: 'lighthouse:default', settings: { onlyCategories: Object.keys(scores) } },
      );
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      if (new URL(result.lhr.finalDisplayedUrl).pathname !== path) {
        throw new Error(`${path}: the page went to ${result.lhr.finalDisplayedUrl}`);
      }
      for (const key of Object.keys(scores)) scores[key].push(Math.round((result.lhr.categories[key]?.score ?? 0) * 100));
      for (const key of Object.keys(metrics)) metrics[key].push(result.lhr.audits[key]?.numericValue ?? Number.NaN);
    }
    const medians = Object.fromEntries(Object.entries(scores).map(([key, values]) => [key, median(values)]));
    const verdict = Object.entries(BUDGET)
      .filter(([key, min]) => medians[key] < min)
      .map(([key, min]) => `${key} < ${min}`);
    console.log(
      `${path.padEnd(14)} Performance ${medians.performance}  Accessibility ${medians.accessibility}  ` +
        `Best Practices ${medians['best-practices']}  (runs: ${scores.performance.join('/')}, ${scores.accessibility.join('/')}, ` +
        `${scores['best-practices'].join('/')})${verdict.length ? `  OVER BUDGET: ${verdict.join(', ')}` : ''}`,
    );
    const ms = (key) => `${Math.round(median(metrics[key]))} ms`;
    console.log(
      `${''.padEnd(14)} FCP ${ms('first-contentful-paint')}  LCP ${ms('largest-contentful-paint')}  ` +
        `TBT ${ms('total-blocking-time')}  CLS ${median(metrics['cumulative-layout-shift']).toFixed(3)}  (medians, simulated mobile)`,
    );
    if (verdict.length) failed = true;
  }

  console.log(`Lighthouse mobile, default throttling, median of ${RUNS} runs, ${new Date().toISOString().slice(0, 10)}:`);
  // The public sign-in screen, as a fresh browser sees it.
  await measure('/auth', false);

  // The menu is behind the sign-in guard: keep a signed-in guest in this origin's localStorage
  // (set from a tiny page of the same origin) and tell Lighthouse not to clear it.
  const user = await signIn(baseUrl);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    (key, value) => localStorage.setItem(key, value),
    STATE_KEY,
    JSON.stringify({ state: { user: { authorized: true, id: String(user.id), password: user.password } }, version: 1 }),
  );
  await page.close();
  await browser.disconnect();
  await measure('/menu/1/self', true);
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.stack : String(error)}`);
  failed = true;
} finally {
  chrome?.kill();
  await product?.stop();
}
process.exit(failed ? 1 : 0);
