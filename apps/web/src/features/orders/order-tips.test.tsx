// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '@chain/contract';
import { settingsQuery } from '../../api/settings';
import { OrderTips } from './order-tips';

const SETTINGS = {
  tips_url: 'https://tips.example.ru/p/',
  tips_volume: [
    { sum: 10_000, text: '100 ₽' },
    { sum: 25_050, text: '250,50 ₽' },
  ],
} as Partial<Settings> as Settings;

afterEach(cleanup);

describe('OrderTips (SPEC 4: the tips link for paid orders with tips_id; SPEC 7)', () => {
  beforeEach(() => settingsQuery.set(undefined, SETTINGS));

  it('offers each preset amount of tips_volume as a link to the tips page, in a new tab', () => {
    render(<OrderTips order={{ paid: 1, tips_id: 'tp42' }} />);
    const section = screen.getByRole('region', { name: 'Чаевые' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '100 ₽ (откроется в новой вкладке)',
      '250,50 ₽ (откроется в новой вкладке)',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://tips.example.ru/p/tp42?amount=100',
      'https://tips.example.ru/p/tp42?amount=250.5',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('shows nothing for an unpaid order or one without a tips_id', () => {
    const { container, rerender } = render(<OrderTips order={{ paid: 0, tips_id: 'tp42' }} />);
    expect(container.innerHTML).toBe('');
    rerender(<OrderTips order={{ paid: 1, tips_id: null }} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing when the chain has no tips page or no amounts', () => {
    settingsQuery.set(undefined, { ...SETTINGS, tips_url: '' });
    const { container, rerender } = render(<OrderTips order={{ paid: 1, tips_id: 'tp42' }} />);
    expect(container.innerHTML).toBe('');
    settingsQuery.set(undefined, { ...SETTINGS, tips_volume: [] });
    rerender(<OrderTips order={{ paid: 1, tips_id: 'tp42' }} />);
    expect(container.innerHTML).toBe('');
  });
});
