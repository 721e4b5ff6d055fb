/*
 * When text draws in the chain's web font, Inter (issue 18, decision 036). Inter's faces are
 * `font-display: optional` (fonts.css): a face not ready within the first ~100 ms of drawing is
 * not used for the page's life. On a guest's first visit over a mobile network it never is ready
 * by then — yet fetching it took some 66 kB of the first screen's bandwidth, next to the app's own
 * ~120 kB. So a page draws in Inter only when the files are already at hand:
 *
 * - a page the service worker controls: its shell holds Inter's files (sw-plugin.ts), which the
 *   worker took behind the first visit, after it had loaded;
 * - a kiosk, from the moment kiosk mode is on: a machine on the hall's network that runs all day;
 * - the staff app (tablets on the restaurant's network: staff.html carries the attribute itself),
 *   and the dev server (no worker there).
 *
 * Everything else draws in the system font (tokens.css `--font-family`), and asks for no font file.
 */

/** The root's attribute tokens.css reads: `inter` puts Inter first in `--font-family`. */
export const WEB_FONT_ATTRIBUTE = 'data-font';

/** Whether a page draws in Inter from its first frame: its files are at hand (see above). */
export function webFontAtHand(page: { readonly controlledByWorker: boolean; readonly dev: boolean }): boolean {
  return page.controlledByWorker || page.dev;
}

/** Text draws in Inter from now on (tokens.css); a later call changes nothing. */
export function drawInWebFont(root: HTMLElement = document.documentElement): void {
  root.setAttribute(WEB_FONT_ATTRIBUTE, 'inter');
}
