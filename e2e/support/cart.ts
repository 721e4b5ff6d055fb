import type { Locator, Page } from 'playwright-core';

/** How long the cart may take to settle on its total (the menu, cutlery and recommendations come first). */
const SETTLE_MS = 15_000;

/**
 * The cart's total to pay and its pay button once it takes taps: a button that says the total the
 * cart shows, not busy (it waits for the cutlery and recommendations, SPEC 2 Cart).
 *
 * The total and the button are looked at together, afresh on every look, inside the page: a total
 * that changes while we wait (a list arriving) is followed, never waited for under the name it had
 * (a locator bound to an old total waits Playwright's whole timeout per look, and a poll's last
 * look after its own timeout doubles it: a test then dies at its own timeout, naming no step).
 */
export async function cartPayButton(page: Page, timeout = SETTLE_MS): Promise<{ total: string; button: Locator }> {
  let total: string;
  try {
    const settled = await page.waitForFunction(
      () => {
        // This package is compiled without the DOM's types, hence the structural element type.
        interface El {
          textContent: string | null;
          hasAttribute(name: string): boolean;
        }
        const { document } = globalThis as unknown as {
          document: { querySelector(selector: string): El | null; querySelectorAll(selector: string): ArrayLike<El> };
        };
        const shown = document.querySelector('[data-testid="cart-to-pay"]')?.textContent?.trim();
        if (!shown) return null;
        const buttons = Array.from(document.querySelectorAll('button'));
        const idle = buttons.some(
          (button) => button.textContent?.trim() === `Оплатить ${shown}` && !button.hasAttribute('aria-busy'),
        );
        return idle ? shown : null;
      },
      undefined,
      { timeout },
    );
    total = String(await settled.jsonValue());
  } catch (error) {
    const shown = await page.getByTestId('cart-to-pay').allTextContents();
    const buttons = await page
      .getByRole('button', { name: /^Оплатить/ })
      .evaluateAll((found) =>
        found.map(
          (button) =>
            `«${(button as unknown as { textContent: string }).textContent}»${(button as unknown as { hasAttribute(name: string): boolean }).hasAttribute('aria-busy') ? ' (busy)' : ''}`,
        ),
      );
    throw new Error(
      `the cart did not settle on a pay button for its total within ${timeout} ms: total ${JSON.stringify(shown)}, pay buttons ${buttons.join(', ') || 'none'}`,
      {
        cause: error,
      },
    );
  }
  return { total, button: page.getByRole('button', { name: `Оплатить ${total}`, exact: true }) };
}
