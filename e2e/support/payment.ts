import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { STATE_KEY } from './browser';

/** The order /payment is paying: its id as the app stored it at checkout (SPEC 4). */
export async function placedOrderId(page: Page): Promise<number> {
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as unknown, STATE_KEY);
  const id = (stored as { state?: { checkout?: { order?: { id?: string } } } }).state?.checkout?.order?.id;
  expect(id).toMatch(/^\d+$/);
  return Number(id);
}

/** The sandbox bank's card form, opened by the payment's start: paid, back on Thanks. */
export async function payOnBankForm(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname.includes('/sandbox/'), { timeout: 10_000 });
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL('**/thanks', { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Спасибо за заказ!' }).waitFor();
}
