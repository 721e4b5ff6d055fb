// @vitest-environment happy-dom
import type { FoundAddress } from '@chain/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { suggestAddresses } from '../../api/geo';
import { AddressSearch, SUGGEST_DEBOUNCE_MS } from './address-search';

vi.mock('../../api/geo', () => ({ suggestAddresses: vi.fn() }));
const suggest = vi.mocked(suggestAddresses);

const part = (name: string) => ({ id: name, name, full: name });
const address = (title: string, lat: number): FoundAddress => ({
  title,
  subtitle: 'Москва, Россия',
  lat,
  lon: 37.6,
  region: part('Москва'),
  city: part('Москва'),
  street: part('Малая Бронная улица'),
  house: '24',
});
const FIRST = address('Малая Бронная улица, 24', 55.761);
const SECOND = address('Малая Бронная улица, 24с1', 55.762);

beforeEach(() => {
  vi.useFakeTimers();
  suggest.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function type(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Поиск адреса' }), { target: { value: text } });
  await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS));
}

describe('address search (a combobox with a listbox of suggestions)', () => {
  it('asks once the guest stops typing, near the given point, and lists the suggestions', async () => {
    suggest.mockResolvedValue([FIRST, SECOND]);
    render(<AddressSearch near={{ lat: 55.75, lon: 37.61 }} onPick={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Поиск адреса' });
    fireEvent.change(input, { target: { value: 'Ма' } });
    fireEvent.change(input, { target: { value: 'Малая Бронная, 2' } });
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1));
    expect(suggest).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Малая Бронная, 24' } });
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS));
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]?.slice(0, 2)).toEqual(['Малая Бронная, 24', { lat: 55.75, lon: 37.61 }]);

    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Малая Бронная улица, 24Москва, Россия',
      'Малая Бронная улица, 24с1Москва, Россия',
    ]);
    expect(screen.getByRole('status').textContent).toBe('Найдено адресов: 2');
  });

  it('does not ask for fewer than 2 characters', async () => {
    render(<AddressSearch near={null} onPick={vi.fn()} />);
    await type(' М ');
    expect(suggest).not.toHaveBeenCalled();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('moves with the arrows, picks with Enter, closes with Escape', async () => {
    suggest.mockResolvedValue([FIRST, SECOND]);
    const onPick = vi.fn();
    render(<AddressSearch near={null} onPick={onPick} />);
    await type('Малая Бронная');
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // Opened again, the arrows start from the first suggestion.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(SECOND);
    expect((input as HTMLInputElement).value).toBe(SECOND.title);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks the option tapped', async () => {
    suggest.mockResolvedValue([FIRST, SECOND]);
    const onPick = vi.fn();
    render(<AddressSearch near={null} onPick={onPick} />);
    await type('Малая Бронная');
    fireEvent.click(screen.getAllByRole('option')[0] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith(FIRST);
  });

  it("says when nothing is found, and the geocoder's own text when it is down", async () => {
    suggest.mockResolvedValueOnce([]);
    render(<AddressSearch near={null} onPick={vi.fn()} />);
    await type('Несуществующая');
    expect(screen.getByRole('status').textContent).toBe('Адрес не найден. Уточните запрос или укажите точку на карте.');
    suggest.mockRejectedValueOnce(
      new ApiError('Поиск адреса сейчас недоступен. Укажите точку на карте.', 'server', 503, 'geocoder_unavailable'),
    );
    await type('Тверская');
    expect(screen.getByRole('status').textContent).toBe('Поиск адреса сейчас недоступен. Укажите точку на карте.');
  });
});
