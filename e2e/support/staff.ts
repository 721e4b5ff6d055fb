import type { Browser, BrowserContext } from 'playwright-core';
import { withStepTimeout } from './browser';

/** The sandbox's demo staff accounts (docs/sandbox.md). */
export const DEMO_MANAGER = { login: 'manager', password: 'manager-demo-1', email: 'manager@staff.demo' } as const;
export const DEMO_KITCHEN = { login: 'kitchen1', password: 'kitchen-demo-1', email: 'kitchen1@staff.demo' } as const;

/** A tablet in landscape (1024×768, touch): how a kitchen or a hall uses the staff app. */
export const TABLET = { width: 1024, height: 768 } as const;

export async function tabletContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return withStepTimeout(await browser.newContext({ baseURL, viewport: TABLET, hasTouch: true, locale: 'ru-RU', timezoneId: 'Europe/Moscow', bypassCSP: true }));
}

/** The code of the newest staff sign-in mail to this address, from the sandbox outbox. */
export async function lastStaffCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sandbox/outbox?to=${encodeURIComponent(email)}`);
  const outbox = (await response.json()) as { messages: Array<{ code: string | null; text: string }> };
  const code = outbox.messages.filter((message) => message.text.includes('сотрудника')).at(-1)?.code;
  if (!code) throw new Error(`no staff code mailed to ${email}`);
  return code;
}

/** Signs a staff account in through the API (both steps) and returns its token. */
export async function staffTokenOf(baseUrl: string, account: { login: string; password: string; email: string }): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { challenge } = await post('/api/staff/sign-in', { login: account.login, password: account.password });
  const { token } = await post('/api/staff/verify', { challenge, code: await lastStaffCode(baseUrl, account.email) });
  return String(token);
}
