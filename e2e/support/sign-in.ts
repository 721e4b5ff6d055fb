import type { Page } from 'playwright-core';

/** What the sandbox "delivered" to a contact (docs/sandbox.md). */
export interface Outbox {
  messages: Array<{ channel: 'sms' | 'call' | 'email'; to: string; code: string | null; text: string; at: string }>;
  captcha: string | null;
}

export async function readOutbox(baseUrl: string, to: string): Promise<Outbox> {
  const response = await fetch(`${baseUrl}/sandbox/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`outbox: ${response.status}`);
  return (await response.json()) as Outbox;
}

/** A phone number no other test uses: 11 digits starting 79. */
export function uniquePhone(prefix = '79'): string {
  return `${prefix}${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`.slice(
    0,
    11,
  );
}

/** The address of the captcha image on the page. */
export async function captchaSrc(page: Page): Promise<string> {
  return (await page.getByAltText('Картинка с кодом из цифр').getAttribute('src')) ?? '';
}

/**
 * The answer of the captcha image the page is showing (read from the outbox, as a person reads
 * the picture). The browser asks for the image; the answer is there once it has loaded. After a
 * refresh pass the old address as `replacing`, so the answer is of the new picture.
 */
export async function captchaAnswer(page: Page, baseUrl: string, contact: string, replacing?: string): Promise<string> {
  const image = page.getByAltText('Картинка с кодом из цифр');
  await image.waitFor();
  // A function, not a string: the product's CSP forbids eval, and a string predicate needs it.
  // (This package is compiled without the DOM's types, hence the structural element type.)
  const loaded = () =>
    image.evaluate((element, old) => {
      const img = element as unknown as {
        complete: boolean;
        naturalWidth: number;
        getAttribute(name: string): string | null;
      };
      return img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0;
    }, replacing ?? null);
  const deadline = Date.now() + 10_000;
  while (!(await loaded())) {
    if (Date.now() > deadline) throw new Error('the captcha image did not load');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const outbox = await readOutbox(baseUrl, contact);
  if (!outbox.captcha) throw new Error(`no captcha for ${contact}`);
  return outbox.captcha;
}

/** The latest code sent to a contact, waiting a little for the provider counterpart to write it. */
export async function latestCode(
  baseUrl: string,
  contact: string,
  channel: Outbox['messages'][number]['channel'],
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const outbox = await readOutbox(baseUrl, contact);
    const code = outbox.messages.filter((message) => message.channel === channel).at(-1)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${channel} code for ${contact}`);
}
