// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageText } from './page-text';

describe('a chain text shown (decision 024: headings, paragraphs, lists; never HTML)', () => {
  it('renders headings, paragraphs and lists as real elements', () => {
    const { container } = render(<PageText body={'## Оплата\n\nКартой или по СБП.\n\n- Карта\n- СБП'} />);
    expect(container.querySelector('h2')?.textContent).toBe('Оплата');
    expect(container.querySelector('p')?.textContent).toBe('Картой или по СБП.');
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Карта', 'СБП']);
  });

  it('puts headings a level lower inside a titled section', () => {
    const { container } = render(<PageText body="## Раздел" level={3} />);
    expect(container.querySelector('h3')?.textContent).toBe('Раздел');
  });

  it('shows markup as text', () => {
    const { container } = render(<PageText body={'<img src=x onerror=alert(1)> <b>жирный</b>'} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> <b>жирный</b>');
  });
});
