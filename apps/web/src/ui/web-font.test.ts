// eslint-disable-next-line import-x/no-nodejs-modules -- the test reads the stylesheets the font rule lives in
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawInWebFont, WEB_FONT_ATTRIBUTE, webFontAtHand } from './web-font';

const css = (name: 'tokens.css' | 'base.css' | 'fonts.css') =>
  readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
const page = (name: 'index.html' | 'staff.html') => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');

/** The root element as far as the attribute goes. */
function fakeRoot(): HTMLElement {
  const attributes = new Map<string, string>();
  const root = {
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    getAttribute: (name: string) => attributes.get(name) ?? null,
  };
  return root as unknown as HTMLElement;
}

// Issue 18, decision 036: Inter only where its files are at hand; a first visit fetches no font.
describe('the web font', () => {
  it('is at hand on a page the service worker controls and on the dev server, nowhere else', () => {
    expect(webFontAtHand({ controlledByWorker: true, dev: false })).toBe(true);
    expect(webFontAtHand({ controlledByWorker: false, dev: true })).toBe(true);
    expect(webFontAtHand({ controlledByWorker: false, dev: false })).toBe(false);
  });

  it('is switched on by the root attribute the tokens read, and stays on', () => {
    const root = fakeRoot();
    expect(root.getAttribute(WEB_FONT_ATTRIBUTE)).toBeNull();
    drawInWebFont(root);
    drawInWebFont(root);
    expect(root.getAttribute(WEB_FONT_ATTRIBUTE)).toBe('inter');
  });

  it('is on in the staff app from its page, and off in the guest page until the entry decides', () => {
    expect(page('staff.html')).toContain(`<html lang="ru" ${WEB_FONT_ATTRIBUTE}="inter">`);
    expect(page('index.html')).not.toContain(WEB_FONT_ATTRIBUTE);
  });

  it('is named by the tokens only under that attribute: the root font is the system stack', () => {
    const tokens = css('tokens.css');
    const root = /:root \{([^}]*)\}/.exec(tokens)?.[1] ?? '';
    expect(root).toMatch(/--font-family: var\(--font-family-system\);/);
    expect(/--font-family-system: ([^;]*);/.exec(root)?.[1]).not.toMatch(/Inter/);
    const rule = new RegExp(
      `:root\\[${WEB_FONT_ATTRIBUTE}='inter'\\] \\{\\s*--font-family: 'Inter', var\\(--font-family-system\\);\\s*\\}`,
    );
    expect(tokens).toMatch(rule);
    // Every other style reads the token: nothing names Inter by itself.
    expect(css('base.css')).toMatch(/font-family: var\(--font-family\)/);
    expect(tokens.match(/'Inter'/g)).toHaveLength(1);
  });

  it('keeps every face `font-display: optional`: a late file never moves the text', () => {
    const faces = css('fonts.css').match(/@font-face \{[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(4);
    for (const face of faces) expect(face).toMatch(/font-display: optional;/);
  });
});
