import { describe, expect, it } from 'vitest';
import { parsePageText } from '../src/page-text';

// Decision 024: the chain's texts (SPEC 2 «О компании»: offer, delivery terms) as a small Markdown subset.
describe('parsePageText', () => {
  it('reads headings, paragraphs and lists in order', () => {
    const body = [
      '## Зоны доставки',
      '',
      'Доставляем каждый день.',
      '',
      '- Центр: от 1 000 ₽',
      '- Север: от 1 500 ₽',
      '',
      'Оплата картой или по СБП.',
    ].join('\n');
    expect(parsePageText(body)).toEqual([
      { kind: 'heading', text: 'Зоны доставки' },
      { kind: 'paragraph', text: 'Доставляем каждый день.' },
      { kind: 'list', items: ['Центр: от 1 000 ₽', 'Север: от 1 500 ₽'] },
      { kind: 'paragraph', text: 'Оплата картой или по СБП.' },
    ]);
  });

  it('joins the lines of one paragraph with a space and keeps blank-line separated ones apart', () => {
    expect(parsePageText('Первая строка\nвторая строка\n\n\n\nДругой абзац')).toEqual([
      { kind: 'paragraph', text: 'Первая строка вторая строка' },
      { kind: 'paragraph', text: 'Другой абзац' },
    ]);
  });

  it('ends a paragraph or a list at a heading or a list item without a blank line', () => {
    expect(parsePageText('Текст\n## Заголовок\nЕщё текст\n- пункт\n## Дальше')).toEqual([
      { kind: 'paragraph', text: 'Текст' },
      { kind: 'heading', text: 'Заголовок' },
      { kind: 'paragraph', text: 'Ещё текст' },
      { kind: 'list', items: ['пункт'] },
      { kind: 'heading', text: 'Дальше' },
    ]);
  });

  it('continues a list item on a following line without the mark', () => {
    expect(parsePageText('- длинный пункт,\n  продолжение\n- второй')).toEqual([
      { kind: 'list', items: ['длинный пункт, продолжение', 'второй'] },
    ]);
  });

  it('splits lists at a blank line', () => {
    expect(parsePageText('- a\n\n- b')).toEqual([
      { kind: 'list', items: ['a'] },
      { kind: 'list', items: ['b'] },
    ]);
  });

  it('takes Windows and old Mac line ends, trims lines and squeezes spaces and tabs, keeps no-break spaces', () => {
    expect(parsePageText('##   Заголовок  \r\n\r\n  Текст \t с  пробелами\r- пункт')).toEqual([
      { kind: 'heading', text: 'Заголовок' },
      { kind: 'paragraph', text: 'Текст с пробелами' },
      { kind: 'list', items: ['пункт'] },
    ]);
    expect(parsePageText('1\u00a0250 ₽')).toEqual([{ kind: 'paragraph', text: '1\u00a0250 ₽' }]);
  });

  it('leaves out empty headings and items, and answers nothing for an empty body', () => {
    expect(parsePageText('')).toEqual([]);
    expect(parsePageText('\n \n\t\n')).toEqual([]);
    expect(parsePageText('## \n-\n- \nТекст')).toEqual([{ kind: 'paragraph', text: 'Текст' }]);
  });

  it('treats nothing else as markup: HTML, other heading levels, emphasis and marks without a space stay text', () => {
    expect(parsePageText('<script>alert(1)</script>\n\n# Один\n\n### Три\n\n-без пробела\n\n**жирный**')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
      { kind: 'paragraph', text: '# Один' },
      { kind: 'paragraph', text: '### Три' },
      { kind: 'paragraph', text: '-без пробела' },
      { kind: 'paragraph', text: '**жирный**' },
    ]);
  });
});
