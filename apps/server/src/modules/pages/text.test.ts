import { describe, expect, it } from 'vitest';
import { checkPageInput } from './text';

// What `npm run chain-page` accepts (decision 024, docs/content.md).
describe('checkPageInput', () => {
  it('takes a slug, a title and the text, normalising line ends, a BOM and trailing blanks', () => {
    expect(checkPageInput('delivery', '  Условия доставки ', '\uFEFF## Зоны  \r\n\r\n- Центр\t\r\n\n')).toEqual({
      ok: true,
      slug: 'delivery',
      title: 'Условия доставки',
      body: '## Зоны\n\n- Центр',
    });
    expect(checkPageInput('offer', null, 'Текст')).toEqual({ ok: true, slug: 'offer', title: null, body: 'Текст' });
  });

  it('refuses a slug that is not 1…40 lowercase Latin letters or «_»', () => {
    for (const slug of ['', 'Offer', 'оферта', 'offer-2', 'a1', 'x'.repeat(41), '../etc']) {
      expect(checkPageInput(slug, null, 'Текст').ok, slug).toBe(false);
    }
    expect(checkPageInput('x'.repeat(40), null, 'Текст').ok).toBe(true);
    expect(checkPageInput('about_us', null, 'Текст').ok).toBe(true);
  });

  it('refuses an empty or blank title, a title over 200 characters and one with control characters', () => {
    for (const title of ['', '   ', 'я'.repeat(201), 'a\u0007b']) {
      expect(checkPageInput('offer', title, 'Текст').ok, JSON.stringify(title)).toBe(false);
    }
  });

  it('refuses an empty text, one over 100 000 characters, control characters and HTML', () => {
    expect(checkPageInput('offer', null, ' \n\n ')).toEqual({
      ok: false,
      message: 'The file is empty.',
      russian: 'Текст страницы пуст.',
    });
    expect(checkPageInput('offer', null, 'я'.repeat(100_001)).ok).toBe(false);
    expect(checkPageInput('offer', null, 'я'.repeat(100_000)).ok).toBe(true);
    expect(checkPageInput('offer', null, 'a\u0000b').ok).toBe(false);
    for (const html of [
      '<p>Текст</p>',
      'Текст<br>',
      '<a href="x">ссылка</a>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1) />',
    ]) {
      const result = checkPageInput('offer', null, html);
      expect(result.ok, html).toBe(false);
      if (!result.ok) expect(result.message).toContain('HTML');
    }
    // A less-than sign in prose is not a tag.
    expect(checkPageInput('offer', null, 'Если сумма < 1000 ₽ и > 0').ok).toBe(true);
  });
});
