import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { withStepTimeout } from './browser';

/** The sandbox's demo staff accounts (docs/sandbox.md). */
export const DEMO_MANAGER = { login: 'manager', password: 'manager-demo-1', email: 'manager@staff.demo' } as const;
export const DEMO_KITCHEN = { login: 'kitchen1', password: 'kitchen-demo-1', email: 'kitchen1@staff.demo' } as const;

/** A tablet in landscape (1024×768, touch): how a kitchen or a hall uses the staff app. */
export const TABLET = { width: 1024, height: 768 } as const;

export async function tabletContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return withStepTimeout(
    await browser.newContext({
      baseURL,
      viewport: TABLET,
      hasTouch: true,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      bypassCSP: true,
    }),
  );
}

/** The code of the newest staff sign-in mail to this address, from the sandbox outbox. */
export async function lastStaffCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sandbox/outbox?to=${encodeURIComponent(email)}`);
  const outbox = (await response.json()) as { messages: Array<{ code: string | null; text: string }> };
  const code = outbox.messages.filter((message) => message.text.includes('сотрудника')).at(-1)?.code;
  if (!code) throw new Error(`no staff code mailed to ${email}`);
  return code;
}

/** The answer to a staff sign-in captcha drawn for this id, from the sandbox (as a person reads the picture). */
export async function staffCaptchaAnswer(baseUrl: string, id: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sandbox/outbox?to=${encodeURIComponent(`staff-sign-in:${id}`)}`);
  const { captcha } = (await response.json()) as { captcha: string | null };
  if (!captcha) throw new Error(`no staff captcha drawn for ${id}`);
  return captcha;
}

let apiSignIns = 0;

/**
 * Signs a staff account in through the API (both steps) and returns its token. A login that
 * strangers' wrong passwords put behind a captcha (issue 30.3) gets one read, as a person would.
 */
export async function staffTokenOf(
  baseUrl: string,
  account: { login: string; password: string; email: string },
): Promise<string> {
  // An address of its own (the e2e server trusts X-Forwarded-For from loopback), so these calls
  // do not spend the staff sign-in allowance of 127.0.0.1, where the tablets' browsers are.
  apiSignIns += 1;
  const from = `10.251.${Math.floor(apiSignIns / 250) % 250}.${(apiSignIns % 250) + 1}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    return { status: response.status, answer };
  };
  let first = await post('/api/staff/sign-in', { login: account.login, password: account.password });
  if (first.status === 400 && first.answer['error'] === 'captcha_required') {
    const id = randomBytes(16).toString('hex');
    await fetch(`${baseUrl}/api/staff/captcha/${id}`, { headers: { 'x-forwarded-for': from } });
    first = await post('/api/staff/sign-in', {
      login: account.login,
      password: account.password,
      captcha_id: id,
      captcha: await staffCaptchaAnswer(baseUrl, id),
    });
  }
  if (first.status !== 200) throw new Error(`/api/staff/sign-in: ${first.status} ${JSON.stringify(first.answer)}`);
  const second = await post('/api/staff/verify', {
    challenge: first.answer['challenge'],
    code: await lastStaffCode(baseUrl, account.email),
  });
  if (second.status !== 200) throw new Error(`/api/staff/verify: ${second.status} ${JSON.stringify(second.answer)}`);
  return String(second.answer['token']);
}

/**
 * A tablet page already signed in as this staff account: the sign-in made through the API (shared
 * sign-ins, no screens walked), its session put where the staff app keeps it before the app opens.
 */
export async function signedInTabletPage(
  browser: Browser,
  baseUrl: string,
  account: { login: string; password: string; email: string },
): Promise<{ page: Page; token: string; close: () => Promise<void> }> {
  const token = await staffTokenOf(baseUrl, account);
  const me = await (await fetch(`${baseUrl}/api/staff/me`, { headers: { authorization: `Bearer ${token}` } })).json();
  const context = await tabletContext(browser, baseUrl);
  await context.addInitScript(
    (session) => sessionStorage.setItem('chain-staff-session', session),
    JSON.stringify({ token, me }),
  );
  const page = await context.newPage();
  return { page, token, close: () => context.close() };
}
