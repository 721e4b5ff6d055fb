#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse mobile (its default simulated throttling) on every guest screen
// of the BUILT product, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Builds
// nothing: run `npm run build` first. Starts the server on a free port with a temporary data
// folder and the sandbox, and in front of it HAProxy terminating TLS with HTTP/2, as the product
// is deployed (docs/load-balancer.md; a certificate for localhost made for the run), makes what
// the screens show through the API (a signed-in guest, an order, a saved address, a booking), runs
// each screen RUNS times from a cold browser cache (after one unmeasured visit, so what the server
// makes once is made) and prints the medians as a Markdown table
// (docs/architecture.md budgets). Writes no report files.
//
//   npm run lighthouse                         every screen, 3 runs each (about 20 minutes)
//   npm run lighthouse -- --runs 1 /auth /menu  the screens whose path starts so, 1 run each
//   npm run lighthouse -- --direct             the server itself, plain HTTP/1.1 (no balancer)
//   npm run lighthouse -- --cpu-slowdown 2      another CPU multiplier than the default 4 (see below)
//
// Lighthouse's simulated throttling multiplies the CPU time it observes on this machine by 4,
// calibrated for a high-end desktop (benchmarkIndex 1500–2000) standing in for a mid-range phone.
// The table's header prints the machine's median benchmarkIndex: a slower machine (a low-end
// desktop, 1000–1500) reads as a slower phone, and Lighthouse's own docs suggest 2 there. The
// budgets are held with the default (4); another multiplier is for comparison only.
//
// Without HAProxy (and not root to install it) the run measures the server directly and says so.
// LIGHTHOUSE_REPORTS=<folder> keeps each run's full report there as JSON (to open in the
// Lighthouse viewer). Exits 1 when a median misses a budget.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { navigation } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { missingHaproxy, startTlsBalancer } from '../../../tools/haproxy.mjs';
import { startProduct } from '../../../tools/product-server.mjs';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const STATE_KEY = 'chain-ordering:state';
// The app's stored state (apps/web/src/state/persisted-shape.ts STATE_VERSION): an older one is migrated on load, which a measured load should not do.
const STATE_VERSION = 7;
/** docs/architecture.md: Performance ≥ 95, Accessibility 100, Best Practices ≥ 95, LCP ≤ 2.0 s, CLS 0. */
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95, lcpMs: 2000, cls: 0 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];
/**
 * How long Lighthouse waits for the page's network to go quiet. The menu, the product and the
 * cart keep the live menu's event stream (Server-Sent Events, issue 17) open, so it never goes
 * quiet there: Lighthouse waits to this limit and warns that the page "loaded too slowly". Its
 * default, 45 s, made those screens' runs take 56 s each; the page itself has loaded within a
 * second or two (the throttling is simulated afterwards), so 15 s cuts nothing but the wait. The
 * warnings a run gives are printed under the table.
 */
const MAX_WAIT_FOR_LOAD_MS = 15_000;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
/**
 * Chromium's own pages that a headless browser preloads for a window's omnibox popup (some 200
 * chrome:// scripts in a renderer of their own, ~1.2 s of its main thread at every new page): on
 * a two-core machine they take the cores from the page measured, whose observed times Lighthouse
 * then multiplies by 4. Nobody's phone loads them with our page, so they are switched off.
 */
const QUIET_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

/** chrome-launcher's own flags, with QUIET_FEATURES joined to its --disable-features (a second such flag would replace the first). */
function launcherFlags() {
  const flags = chromeLauncher.Launcher.defaultFlags();
  const merged = flags.map((flag) =>
    flag.startsWith('--disable-features=') ? `${flag},${QUIET_FEATURES.join(',')}` : flag,
  );
  return merged.some((flag) => flag.startsWith('--disable-features='))
    ? merged
    : [...merged, `--disable-features=${QUIET_FEATURES.join(',')}`];
}

// The demo chain (apps/server/src/seed): Жар-печь у Курского вокзала (5, open round the clock, so
// its menu, cart and orders are measured at any hour), Маргарита (101), and an address in the zone
// «Пресня и Хамовники» of Жар-печь на Патриарших for the delivery time.
const RESTAURANT = { id: '5', name: 'Жар-печь у Курского вокзала', nameShort: 'Курский' };
const DISH = 101;
/** Малая Бронная, 24: inside the zone «Пресня и Хамовники». */
const BRONNAYA = { lat: 55.7627, lon: 37.5926 };

const args = process.argv.slice(2);
const runsFlag = args.indexOf('--runs');
const slowdownFlag = args.indexOf('--cpu-slowdown');
const RUNS = runsFlag >= 0 ? Math.max(1, Number(args[runsFlag + 1]) || 1) : 3;
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const prefixes = args.filter(
  (arg, index) =>
    !arg.startsWith('--') &&
    (runsFlag < 0 || index !== runsFlag + 1) &&
    (slowdownFlag < 0 || index !== slowdownFlag + 1),
);
const DIRECT = args.includes('--direct');
const CPU_SLOWDOWN = slowdownFlag >= 0 ? Number(args[slowdownFlag + 1]) : 4;
if (!(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 20)) {
  console.error('lighthouse: --cpu-slowdown takes a number from 1 to 20');
  process.exit(2);
}

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROME)) {
  console.error(
    `lighthouse: no Chromium at ${CHROME}. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

if (!existsSync(join(REPO, 'apps/web/dist/index.html'))) {
  console.error('lighthouse: the web app is not built. Run `npm run build` first (this script builds nothing).');
  process.exit(1);
}

async function api(baseUrl, path, body, headers = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
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
  const signed = await api(baseUrl, '/api/v2/user/checkEmailCode', { email, code: after.messages.at(-1)?.code });
  return { ...signed.user, email };
}

/** What the screens show, made through the API as the app would: an order, an address, a booking. */
async function prepare(baseUrl) {
  const user = await signIn(baseUrl);
  const rest = (action, fields) =>
    api(baseUrl, '/rest/', { user_id: String(user.id), token: user.password, action, fields });
  const order = await api(baseUrl, '/api/v2/order/create', {
    source: 'web',
    v: 3,
    user: { id: user.id, password: user.password },
    cart: [{ item: DISH, cnt: 2 }],
    order: { type: 'self' },
    restoran: Number(RESTAURANT.id),
    idempotency_key: `lighthouse-${Date.now()}`,
  });
  const saved = await api(baseUrl, '/api/v2/user/address/save', {
    user_id: user.id,
    user_token: user.password,
    address: {
      city: { id: 'moscow', name: 'Москва', full: 'Москва' },
      street: { id: 'malaya-bronnaya', name: 'Малая Бронная', full: 'Малая Бронная улица' },
      house: '24',
      podjezd: '2',
      domofon: '12',
      etaz: '3',
      room: '12',
      ...BRONNAYA,
    },
  });
  const addressId = String(saved.result.id);
  // A booking: the first restaurant and day (to Sunday, SPEC 9) with free periods for two; the
  // confirmation screen gets another period of it, as Бронирование стола hands it on.
  let booking = null;
  let step2 = null;
  const first = await rest('bookingPeriods', { cntpersons: 2, cntminutes: 60 });
  search: for (const restaurant of first.restorans) {
    for (const date of first.dates) {
      const answer = await rest('bookingPeriods', {
        restoranid: restaurant.id,
        date: date.date,
        cntpersons: 2,
        cntminutes: 60,
      });
      const [period, another = period] = answer.periods;
      if (answer.allowbooking === 1 && period) {
        booking = (
          await rest('bookingSave', {
            restoran: restaurant.id,
            cntpersons: 2,
            cntminutes: 60,
            periodfrom: period.periodfrom,
            date: date.date,
          })
        ).booking;
        step2 = {
          periodfrom: another.periodfrom,
          restoran: restaurant.id,
          restaurantName: restaurant.name,
          restaurantAddress: restaurant.address,
          date: date.date,
          dateLabel: date.label,
          periodText: another.text,
          cntpersons: 2,
          cntminutes: 60,
          minSum: answer.min_sum,
        };
        break search;
      }
    }
  }
  const restaurants = await api(baseUrl, '/api/v2/restoran/list');
  const loadUid = restaurants.find((entry) => String(entry.id) === RESTAURANT.id)?.fs_uid ?? restaurants[0]?.fs_uid;
  return { user, order, addressId, booking, step2, loadUid };
}

/** The stored state of a signed-in guest who picks up at restaurant 1, with `extra` over it. */
function storedState(user, extra = {}) {
  return {
    state: {
      user: { authorized: true, id: String(user.id), password: user.password, email: user.email, name: 'Гость' },
      restaurant: RESTAURANT,
      orderType: 'self',
      ...extra,
    },
    version: STATE_VERSION,
  };
}

/** Every guest screen of SPEC 2 a phone shows, with what it needs: stored state, history state. */
function screens({ user, order, addressId, booking, step2, loadUid }) {
  const cart = {
    cart: [{ token: `${DISH}::`, item: String(DISH), cnt: 2, comment: '', spec: null, specs: [] }],
    cartRestaurantId: RESTAURANT.id,
  };
  const deliveryAddress = {
    orderType: 'delivery',
    address: {
      id: addressId,
      full: 'Москва, Малая Бронная улица, 24',
      short: 'Малая Бронная, 24',
      long: '',
      ...BRONNAYA,
      podjezd: '2',
      domofon: '12',
      etaz: '3',
      room: '12',
      comment: '',
    },
  };
  const list = [
    { path: '/auth', stored: null },
    { path: '/' },
    { path: '/self_from' },
    { path: '/delivery_to' },
    { path: `/menu/${RESTAURANT.id}/self` },
    { path: '/menu_list' },
    { path: `/product/${DISH}` },
    { path: '/cart', extra: cart },
    { path: '/delivery_time', extra: deliveryAddress },
    {
      path: '/payment',
      history: {
        orderNum: order.number,
        orderId: order.id,
        orderSum: order.sum,
        paysystems: ['sbp', 'card'],
        paysystem: null,
      },
    },
    { path: '/thanks' },
    { path: '/order_list' },
    { path: `/order_detail/${order.id}` },
    { path: '/profile' },
    { path: '/address_list' },
    { path: `/address_list/${addressId}` },
    { path: '/rate_list' },
    { path: '/liked' },
    { path: '/feedback' },
    { path: '/about' },
    { path: `/about_restoran/${RESTAURANT.id}` },
    { path: '/about_delivery' },
    { path: '/about_oferta' },
    { path: '/predzakaz' },
    { path: '/delayedzakaz' },
    { path: '/booking' },
    // Without a free period this week (a late Sunday) the two screens after it cannot be shown.
    ...(step2 ? [{ path: '/booking/step_2', history: { parameters: step2 } }] : []),
    ...(booking ? [{ path: '/booking_result', history: { booking } }] : []),
    { path: '/rest_map' },
    { path: '/zagruzka' },
    { path: '/zagruzka/rest_list' },
    { path: `/zagruzka/detail/${loadUid}` },
  ];
  return list.map((screen) => ({ ...screen, stored: screen.stored === null ? null : storedState(user, screen.extra) }));
}

/** Lighthouse's default mobile throttling (slow 4G, CPU ×4), the base of --cpu-slowdown. */
const DEFAULT_MOBILE_THROTTLING = throttling.mobileSlow4G;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let product;
let balancer = null;
let chrome;
let failed = false;
try {
  product = await startProduct({ dataPrefix: 'chain-lighthouse-' });
  // The API for the fixtures is asked directly; the pages are opened as guests reach them.
  const directUrl = product.baseUrl;
  const missing = DIRECT ? 'asked with --direct' : missingHaproxy();
  balancer = missing ? null : await startTlsBalancer(Number(new URL(directUrl).port));
  const baseUrl = balancer?.url ?? directUrl;
  const origin = new URL(baseUrl).origin;
  const fixtures = await prepare(directUrl);
  const chosen = screens(fixtures).filter(
    (screen) => prefixes.length === 0 || prefixes.some((prefix) => screen.path.startsWith(prefix)),
  );
  if (chosen.length === 0) throw new Error(`no screen's path starts with ${prefixes.join(' or ')}`);

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    ignoreDefaultFlags: true,
    // The balancer's certificate is made for this run: the browser is told to take it.
    chromeFlags: [...launcherFlags(), ...CHROME_FLAGS, ...(balancer ? ['--ignore-certificate-errors'] : [])],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

  /**
   * One cold load of a screen: nothing of the app in the browser's caches or service workers, the
   * stored state the screen needs in localStorage (set from a file of the same origin), and for a
   * screen that receives values (SPEC 2) its history state, kept by the reload Lighthouse watches.
   */
  async function measureOnce(screen) {
    const page = await browser.newPage();
    try {
      const cdp = await page.createCDPSession();
      await page.goto(`${baseUrl}/favicon.svg`);
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      if (screen.stored) {
        await page.evaluate((key, value) => localStorage.setItem(key, value), STATE_KEY, JSON.stringify(screen.stored));
      }
      let requestor = `${baseUrl}${screen.path}`;
      let flags = { disableStorageReset: true };
      if (screen.history) {
        // The screen's values travel in history state: open the path with them, then reload.
        await page.evaluate(
          (state, path) => globalThis.history.replaceState(state, '', path),
          screen.history,
          screen.path,
        );
        requestor = () => page.reload();
        flags = { ...flags, skipAboutBlank: true };
      }
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const result = await navigation(page, requestor, {
        flags,
        config: {
          extends: 'lighthouse:default',
          settings: {
            onlyCategories: CATEGORIES,
            maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
            ...(CPU_SLOWDOWN !== 4
              ? { throttling: { ...DEFAULT_MOBILE_THROTTLING, cpuSlowdownMultiplier: CPU_SLOWDOWN } }
              : {}),
          },
        },
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${screen.path}`);
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(
          join(REPORTS, `${screen.path.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`),
          JSON.stringify(lhr),
        );
      }
      if (lhr.runtimeError) throw new Error(`${screen.path}: ${lhr.runtimeError.message}`);
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== screen.path) throw new Error(`${screen.path}: the page went to ${landed}`);
      return {
        scores: Object.fromEntries(CATEGORIES.map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)])),
        metrics: Object.fromEntries(METRICS.map((key) => [key, lhr.audits[key]?.numericValue ?? Number.NaN])),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
        warnings: lhr.runWarnings ?? [],
        lcpElement:
          lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
        failing: Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              ['accessibility', 'best-practices'].some((key) =>
                lhr.categories[key]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
              ),
          )
          .map((audit) => audit.id),
      };
    } finally {
      await page.close();
    }
  }

  /**
   * The screen opened once before it is measured, as a guest before has opened it: what the
   * server makes on a first ask and keeps (a menu's photo renditions, its cached answers) is
   * made then, not during the measured load, when it would take the machine's cores from the
   * browser. The browser's own caches are emptied again before every measured run.
   */
  async function warmUp(screen) {
    const page = await browser.newPage();
    try {
      await page.goto(`${baseUrl}/favicon.svg`);
      if (screen.stored)
        await page.evaluate((key, value) => localStorage.setItem(key, value), STATE_KEY, JSON.stringify(screen.stored));
      if (screen.history) {
        await page.evaluate(
          (state, path) => globalThis.history.replaceState(state, '', path),
          screen.history,
          screen.path,
        );
        await page.reload({ waitUntil: 'networkidle2' });
      } else {
        await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'networkidle2' });
      }
    } finally {
      await page.close();
    }
  }

  /** Lighthouse now and then loses a page's trace (NO_NAVSTART, NO_FCP): that run is made again, twice at most. */
  async function measureWithRetry(screen) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await measureOnce(screen);
      } catch (error) {
        const lostTrace = error instanceof Error && /NO_NAVSTART|NO_FCP|NO_LCP/.test(error.message);
        if (!lostTrace || attempt >= 3) throw error;
      }
    }
  }

  const throttlingText =
    CPU_SLOWDOWN === 4
      ? 'default throttling'
      : `default network throttling, CPU ×${CPU_SLOWDOWN} (not the default ×4: for comparison only)`;
  console.log(
    `Lighthouse mobile, ${throttlingText}, median of ${RUNS} run(s) per screen, ${new Date().toISOString().slice(0, 10)},`,
  );
  console.log(
    balancer ? 'through HAProxy (TLS, HTTP/2) as deployed:' : `the server directly over HTTP/1.1 (${missing}):`,
  );
  console.log('');
  console.log('| screen | Performance | Accessibility | Best Practices | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  const notes = [];
  const benchmarks = [];
  for (const screen of chosen) {
    const runs = [];
    await warmUp(screen);
    for (let run = 0; run < RUNS; run += 1) runs.push(await measureWithRetry(screen));
    benchmarks.push(...runs.map((entry) => entry.benchmarkIndex).filter(Number.isFinite));
    const score = (key) => median(runs.map((entry) => entry.scores[key]));
    const metric = (key) => median(runs.map((entry) => entry.metrics[key]));
    const row = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
    const misses = [
      row.performance < BUDGET.performance && `Performance < ${BUDGET.performance}`,
      row.accessibility < BUDGET.accessibility && `Accessibility < ${BUDGET.accessibility}`,
      row['best-practices'] < BUDGET['best-practices'] && `Best Practices < ${BUDGET['best-practices']}`,
      row.lcp > BUDGET.lcpMs && `LCP > ${BUDGET.lcpMs / 1000} s`,
      row.cls > BUDGET.cls + 0.0005 && 'CLS > 0',
    ].filter(Boolean);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const runsText = RUNS > 1 ? ` (${runs.map((entry) => entry.scores.performance).join('/')})` : '';
    console.log(
      `| \`${screen.path}\` | ${row.performance}${runsText} | ${row.accessibility} | ${row['best-practices']} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} |${misses.length ? ` **${misses.join(', ')}**` : ''}`,
    );
    const warnings = [...new Set(runs.flatMap((entry) => entry.warnings))];
    if (warnings.length) notes.push(`${screen.path}: Lighthouse warned: ${warnings.join(' / ')}`);
    if (misses.length) {
      failed = true;
      const failing = [...new Set(runs.flatMap((entry) => entry.failing))];
      notes.push(
        `${screen.path}: ${misses.join(', ')}; LCP element ${runs[0]?.lcpElement || '?'}${failing.length ? `; failing audits ${failing.join(', ')}` : ''}`,
      );
    }
  }
  if (notes.length) {
    console.log('');
    for (const note of notes) console.log(`- ${note}`);
  }
  if (benchmarks.length) {
    const index = median(benchmarks);
    const sorted = [...benchmarks].sort((a, b) => a - b);
    const deviceClass =
      index >= 1500
        ? 'a high-end desktop, which Lighthouse calibrates its CPU ×4 for'
        : index >= 1000
          ? 'a low-end desktop: Lighthouse calibrates its CPU ×4 for 1500–2000, so CPU-bound figures here read as a slower phone than the budgets mean'
          : 'a machine slower than a desktop: CPU-bound figures here read as a much slower phone than the budgets mean';
    console.log('');
    console.log(
      `This machine's benchmarkIndex: median ${Math.round(index)} over ${benchmarks.length} runs (${Math.round(sorted[0])}–${Math.round(sorted.at(-1))}), ${deviceClass}.`,
    );
  }
  await browser.disconnect();
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.stack : String(error)}`);
  failed = true;
} finally {
  chrome?.kill();
  await balancer?.stop();
  await product?.stop();
}
process.exit(failed ? 1 : 0);
