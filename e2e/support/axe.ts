import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Issue 7 and the docs/architecture.md budget "axe-core on every screen: 0 serious or critical
// violations", plus the 44 px touch targets. axe's source is added as a script tag: the product's
// CSP forbids inline scripts, so the audited contexts open with bypassCSP (support/browser.ts).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];
/** Touch targets: 44 px on phones, 64 px on the kiosk (docs/design.md Phone and kiosk). */
const MIN_TARGET = 44;
export const KIOSK_MIN_TARGET = 64;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** Runs axe-core on the page as it is now; fails listing every serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, screenName: string): Promise<void> {
  // Let the screen settle (fonts, lazy chunks, transitions) before reading colours and names.
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  const present = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!present) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> } }
    ).axe;
    const { document } = globalThis as unknown as { document: unknown };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations as Violation[];
  }, TAGS);
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (serious.length > 0) {
    const lines = serious.map(
      (violation) =>
        `- [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.nodes.map((node) => JSON.stringify(node.target)).join('\n    ')}`,
    );
    throw new Error(
      `axe-core on ${screenName} (${page.url()}): ${serious.length} serious or critical violation(s)\n${lines.join('\n')}`,
    );
  }
}

/**
 * Every visible button, link, input and [role=button] is at least `min`×`min` px (44 on phones). Inline text links
 * inside running text are exempt (WCAG 2.5.8 "inline"); a radio, a checkbox and a visually hidden
 * input are measured by their label, which is what the guest taps.
 */
export async function expectTouchTargets(page: Page, screenName = page.url(), min = MIN_TARGET): Promise<void> {
  const offenders = await page.evaluate((min) => {
    interface Rect {
      width: number;
      height: number;
    }
    interface El {
      tagName: string;
      id: string;
      className: unknown;
      textContent: string | null;
      parentElement: El | null;
      labels?: ArrayLike<El> | null;
      closest(selector: string): El | null;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): Rect;
      checkVisibility(options: object): boolean;
    }
    const g = globalThis as unknown as {
      document: { querySelectorAll(selector: string): ArrayLike<El> };
      getComputedStyle(element: El): {
        display: string;
        opacity: string;
        position: string;
        clip: string;
        clipPath: string;
      };
    };
    const describe = (element: El): string => {
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      const classes =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes} «${name}»`;
    };
    const hiddenInput = (element: El, rect: Rect): boolean => {
      const style = g.getComputedStyle(element);
      return (
        rect.width <= 2 ||
        rect.height <= 2 ||
        style.opacity === '0' ||
        style.clipPath !== 'none' ||
        style.clip.startsWith('rect')
      );
    };
    const inlineText = (element: El): boolean => {
      if (element.tagName !== 'A') return false;
      if (g.getComputedStyle(element).display !== 'inline') return false;
      return element.closest('p, li > span, label, small, dd, [role="note"]') !== null;
    };
    const result: string[] = [];
    const all = g.document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"]',
    );
    for (let index = 0; index < all.length; index += 1) {
      const element = all[index];
      if (!element || !element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      let rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      // A radio or checkbox is tapped through its label (the whole row); a visually hidden
      // input has only its label to tap.
      const type = element.getAttribute('type');
      const checkable = element.tagName === 'INPUT' && (type === 'radio' || type === 'checkbox');
      if (element.tagName === 'INPUT' && (checkable || hiddenInput(element, rect))) {
        const label = element.labels?.[0] ?? element.closest('label');
        if (label) rect = label.getBoundingClientRect();
        else if (hiddenInput(element, rect)) {
          result.push(`${describe(element)}: a hidden input without a label`);
          continue;
        }
      }
      if (inlineText(element)) continue;
      if (rect.width < min - 0.5 || rect.height < min - 0.5) {
        result.push(`${describe(element)}: ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return result;
  }, min);
  if (offenders.length > 0) {
    throw new Error(`touch targets under ${min}×${min} px on ${screenName}:\n- ${offenders.join('\n- ')}`);
  }
}

/** Both checks of issue 7 on the screen the page shows. */
export async function auditScreen(page: Page, screenName: string): Promise<void> {
  await expectNoSeriousViolations(page, screenName);
  await expectTouchTargets(page, screenName);
}

/** Both checks on a kiosk screen: axe, and targets of at least 64 px (docs/design.md Kiosk). */
export async function auditKioskScreen(page: Page, screenName: string): Promise<void> {
  await expectNoSeriousViolations(page, screenName);
  await expectTouchTargets(page, screenName, KIOSK_MIN_TARGET);
}
