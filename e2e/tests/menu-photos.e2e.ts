import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { PHOTO_WIDTHS } from '@chain/domain';
import { signInByEmail } from '../support/api';
import { launchBrowser, signedInPhonePage } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** The cards of the menu's first screen and just below it, whose pictures are measured. */
const FIRST_CARDS = 6;

/** What the browser made of one photo: the rendition it chose and how large it draws it. */
interface ShownPhoto {
  inPicture: boolean;
  sources: string[];
  currentSrc: string;
  loading: string;
  fetchPriority: string;
  complete: boolean;
  /** The chosen file's own size in pixels (0 before one is chosen). */
  natural: { width: number; height: number };
  box: { width: number; height: number; top: number };
  viewportHeight: number;
  dpr: number;
}

/** Read in the page (the e2e project has no DOM types: the page's objects are described here). */
function shown(image: Locator): Promise<ShownPhoto> {
  return image.evaluate(async (element) => {
    const img = element as unknown as {
      parentElement: {
        tagName: string;
        querySelectorAll(selector: string): Array<{ getAttribute(name: string): string | null }>;
      } | null;
      currentSrc: string;
      loading: string;
      complete: boolean;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): { width: number; height: number; top: number };
    };
    const page = globalThis as unknown as {
      innerHeight: number;
      devicePixelRatio: number;
      Image: new () => { src: string; naturalWidth: number; naturalHeight: number; decode(): Promise<void> };
    };
    const rect = img.getBoundingClientRect();
    // The chosen file's own pixels: the image's natural size is in CSS pixels, divided by the
    // density its srcset entry stands for.
    const file = new page.Image();
    if (img.currentSrc) {
      file.src = img.currentSrc;
      await file.decode();
    }
    return {
      inPicture: img.parentElement?.tagName === 'PICTURE',
      sources: Array.from(
        img.parentElement?.querySelectorAll('source') ?? [],
        (source) => source.getAttribute('type') ?? '',
      ),
      currentSrc: img.currentSrc,
      loading: img.loading,
      fetchPriority: img.getAttribute('fetchpriority') ?? '',
      complete: img.complete,
      natural: { width: file.naturalWidth, height: file.naturalHeight },
      box: { width: rect.width, height: rect.height, top: rect.top },
      viewportHeight: page.innerHeight,
      dpr: page.devicePixelRatio,
    };
  });
}

/** The rendition's width named in its URL (/photos/{width}/…). */
const renditionWidth = (url: string): number => Number(/\/photos\/(\d+)\//.exec(url)?.[1]);

/**
 * A photo drawn with object-fit: cover is sharp when the picture covers its box at the screen's
 * pixels; the rendition chosen is the narrowest offered that does (the next narrower would not).
 */
function expectSharpAndNoLarger(photo: ShownPhoto, label: string): void {
  expect(photo.inPicture, label).toBe(true);
  expect(photo.sources, label).toEqual(['image/avif', 'image/webp']);
  expect(photo.currentSrc, label).toMatch(/\/photos\/\d+\/.+\.avif$/);
  expect(photo.natural.width, label).toBeGreaterThanOrEqual(photo.box.width * photo.dpr);
  expect(photo.natural.height, label).toBeGreaterThanOrEqual(photo.box.height * photo.dpr);
  // The drawn width under cover: the box's height at the picture's own shape.
  const drawn = Math.max(photo.box.width, (photo.box.height * photo.natural.width) / photo.natural.height) * photo.dpr;
  const narrower = PHOTO_WIDTHS.filter((width) => width < renditionWidth(photo.currentSrc)).at(-1) ?? 0;
  expect(narrower, label).toBeLessThan(drawn);
}

// Issue 18, decision 034: the menu's photos as AVIF renditions the phone chooses by their sizes,
// the first cards eager (the LCP) and the rest lazy, under the product's own CSP.
describe('menu photos on a phone (/menu/{id}/self, /product/{id})', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function photosLoaded(page: Page, selector: string, count: number): Promise<void> {
    // A function, not a string: the product's CSP (applied here) forbids evaluating text.
    await page.waitForFunction(
      ({ selector, count }) => {
        const { document } = globalThis as unknown as {
          document: { querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }> };
        };
        return Array.from(document.querySelectorAll(selector))
          .slice(0, count)
          .every((img) => img.complete && img.naturalWidth > 0);
      },
      { selector, count },
    );
  }

  it('shows the menu’s and the dish’s photos as AVIF renditions no larger than the screen needs, lazy below the fold', async () => {
    const user = await signInByEmail(baseUrl, `e2e-photos-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user, { bypassCSP: false });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const pictures = new Map<string, number>();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/photos/') && !url.pathname.startsWith('/media/')) return;
      void request.sizes().then(
        (sizes) => pictures.set(url.pathname, sizes.responseBodySize + sizes.responseHeadersSize),
        () => undefined,
      );
    });

    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/photos/')) asked.push(url.pathname);
    });
    await page.goto('/menu/1/self');
    const cards = page.locator('.menu-dish__photo');
    await cards.nth(FIRST_CARDS - 1).waitFor({ state: 'attached' });
    await photosLoaded(page, '.menu-dish__photo', FIRST_CARDS);

    const first = await Promise.all(Array.from({ length: FIRST_CARDS }, (_, index) => shown(cards.nth(index))));
    first.forEach((photo, index) => expectSharpAndNoLarger(photo, `card ${index + 1}`));
    // The first cards load at once (the largest of them is the first screen's LCP), the rest lazily.
    expect(first.map((photo) => photo.loading)).toEqual(first.map((_, index) => (index < 3 ? 'eager' : 'lazy')));
    const all = await cards.count();
    const last = await shown(cards.nth(all - 1));
    expect(last.loading).toBe('lazy');
    expect(last.box.top).toBeGreaterThan(last.viewportHeight * 3);
    // A picture far below the fold is not fetched before the guest scrolls near it.
    expect(last.currentSrc).toBe('');
    expect([...pictures.keys()].filter((path) => path.startsWith('/photos/')).length).toBeLessThan(all);

    // The page preloads the first card's photo as the card offers it (issue 18): the browser takes
    // that one file, once, and fetches no rendition no card shows.
    expect(await page.locator('link[rel="preload"][as="image"][type="image/avif"]').count()).toBe(1);
    const firstPath = new URL(first[0]!.currentSrc).pathname;
    expect(asked.filter((path) => path === firstPath)).toHaveLength(1);
    const drawn = new Set(
      (
        await cards.evaluateAll((images) =>
          images.map((image) => (image as unknown as { currentSrc: string }).currentSrc),
        )
      )
        .filter(Boolean)
        .map((src) => new URL(src).pathname),
    );
    expect(asked.filter((path) => path.startsWith('/photos/') && !drawn.has(path))).toEqual([]);

    if (SHOTS) {
      const firstScreen = first.map((photo) => pictures.get(new URL(photo.currentSrc).pathname) ?? Number.NaN);
      console.info(
        `menu, first ${FIRST_CARDS} cards' pictures at DPR ${first[0]?.dpr}: ${firstScreen.join(' + ')} = ${firstScreen.reduce((sum, bytes) => sum + bytes, 0)} bytes with headers`,
      );
      await page.screenshot({ path: `${SHOTS}/menu-photos.png` });
    }

    await page
      .getByRole('article', { name: 'Маргарита', exact: true })
      .getByRole('link', { name: 'Маргарита' })
      .click();
    await page.waitForURL('**/product/101');
    const photo = page.locator('.product__photo');
    await photosLoaded(page, '.product__photo', 1);
    const product = await shown(photo);
    expectSharpAndNoLarger(product, 'the dish’s photo');
    // The <picture> takes no room of its own: the photo starts the dish's column, as the <img> did.
    expect(product.box.top).toBe((await page.locator('.product').boundingBox())?.y);
    expect(product.loading).toBe('eager');
    expect(product.fetchPriority).toBe('high');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-photo.png` });

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
