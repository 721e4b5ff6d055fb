import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * The cart's total to pay and its pay button once it takes taps: the button says the same sum and
 * is no longer busy (it waits for the cutlery and recommendations, SPEC 2 Cart).
 */
export async function cartPayButton(page: Page): Promise<{ total: string; button: Locator }> {
  const total = (await page.getByTestId('cart-to-pay').textContent()) ?? '';
  const button = page.getByRole('button', { name: `Оплатить ${total}` });
  await button.waitFor();
  await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();
  return { total, button };
}
