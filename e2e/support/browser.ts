import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const PHONE = { width: 360, height: 740 } as const;
export const KIOSK = { width: 1080, height: 1920 } as const;

export interface LaunchOptions {
  /**
   * A Y4M video (support/fake-camera.ts) that Chromium plays as the only camera, with camera
   * prompts answered yes. Without it the browser has no camera at all.
   */
  fakeCameraFile?: string;
}

/**
 * Debian's Chromium, headless, with the flags a root, sandboxless, offline machine needs:
 * without the background-networking flags Chromium keeps dialling hosts it cannot reach.
 * Playwright gives every launch a fresh temporary profile of its own.
 */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const camera = options.fakeCameraFile
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${options.fakeCameraFile}`,
      ]
    : [];
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...camera,
    ],
  });
}

export interface PhoneContextOptions {
  /**
   * false: the product's CSP applies as served (no axe audit possible: axe is added as an inline
   * script). Default true.
   */
  bypassCSP?: boolean;
  /** 'allow' for the journeys of the service worker itself (issue 18). Default 'block'. */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * A fresh phone context (360×740, touch): no stored state, Russian locale, Moscow time.
 * bypassCSP lets support/axe.ts add axe-core's source as a script tag (the product's CSP forbids
 * inline scripts); the product itself is unchanged.
 */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: PhoneContextOptions = {},
): Promise<BrowserContext> {
  return withStepTimeout(
    await browser.newContext({
      baseURL,
      bypassCSP: options.bypassCSP ?? true,
      // The guest app's service worker (issue 18) would answer requests a journey stubs with
      // page.route, which Playwright cannot see behind it: off but where a journey asks for it.
      serviceWorkers: options.serviceWorkers ?? 'block',
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
    }),
  );
}

/**
 * A fresh kiosk context (1080×1920 portrait, touch). `address`: the hall's address the kiosk's
 * requests come from (`X-Forwarded-For`, which the e2e server trusts from loopback alone), so each
 * kiosk's staff code tries count against an allowance of its own (10 per address in 10 minutes),
 * as kiosks in different halls do.
 */
export async function kioskContext(
  browser: Browser,
  baseURL: string,
  options: { address?: string } = {},
): Promise<BrowserContext> {
  return withStepTimeout(
    await browser.newContext({
      baseURL,
      viewport: KIOSK,
      hasTouch: true,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      bypassCSP: true,
      serviceWorkers: 'block',
      ...(options.address ? { extraHTTPHeaders: { 'x-forwarded-for': options.address } } : {}),
    }),
  );
}

/**
 * How long one step (a click, a wait for an element or a URL) may take before it fails naming
 * itself. Playwright's own 30 s lets two stuck steps reach a journey's 60 s timeout, which names
 * no step; every step here takes well under a second on this product, and the waits that are
 * longer by design (the bank's answer, polled every 5 s) say their own timeout.
 */
export const STEP_TIMEOUT_MS = 20_000;

export function withStepTimeout(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return context;
}

/** The key and version of the app's persisted client state (apps/web/src/state/persisted-shape.ts). */
export const STATE_KEY = 'chain-ordering:state';
export const STATE_VERSION = 9;

/**
 * A phone page of a guest already signed in (the user put into the persisted state before the
 * app starts), opened on localhost: the sandbox bank returns the guest to PUBLIC_ORIGIN,
 * http://localhost:{port}, so the checkout state the app kept is the one it reads on return.
 */
export async function signedInPhonePage(
  browser: Browser,
  baseUrl: string,
  user: { id: number; password: string },
  options: PhoneContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await phoneContext(browser, baseUrl.replace('127.0.0.1', 'localhost'), options);
  await context.addInitScript(
    ({ key, state, version }) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ state, version }));
    },
    {
      key: STATE_KEY,
      version: STATE_VERSION,
      state: { user: { authorized: true, id: String(user.id), password: user.password, email: 'guest@example.ru' } },
    },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * What the guest chose before the page opens (order type, restaurant, address, cart, checkout),
 * merged into the persisted state once: a reload, or the bank's return, keeps what the app made of it.
 */
export async function withGuestChoices(context: BrowserContext, state: Record<string, unknown>): Promise<void> {
  await context.addInitScript(
    ({ key, version, state: chosen }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{}}') as { state: Record<string, unknown> };
      if (stored.state['orderType'] !== undefined) return;
      localStorage.setItem(key, JSON.stringify({ version, state: { ...stored.state, ...chosen } }));
    },
    { key: STATE_KEY, version: STATE_VERSION, state },
  );
}
