// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_TEXTS, staffCatalogueImportCall } from '@chain/contract';
import { staffCall } from '../../api';
import CatalogueScreen from './catalogue-screen';

// Issue 31 «Import and export» in the app: a file is checked first (the difference per kind, or
// every problem with its place) and applied only on «Применить», naming the catalogue it was checked against.

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));
const call = vi.mocked(staffCall);
afterEach(() => {
  cleanup();
  call.mockReset();
});

const none = { added: 0, changed: 0, archived: 0 };
const session = {
  token: 't',
  me: { id: 1, login: 'm', name: 'М', role: 'manager' as const, chain: true, restaurants: [] },
};
const settle = () => act(async () => {});

async function upload(name: string, text: string) {
  const input = screen.getByLabelText('Файл каталога (.json) или цен (.csv)');
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([text], name)] } });
  });
  await settle();
}

describe('the catalogue screen', () => {
  it('checks a prices CSV, shows what changes, and applies it against the catalogue it was checked with', async () => {
    const fingerprint = 'a'.repeat(64);
    call.mockResolvedValueOnce({
      applied: false,
      problems: [],
      fingerprint,
      difference: {
        categories: none,
        dishes: { added: 0, changed: 2, archived: 0 },
        options: none,
        cutlery: none,
        recommended: none,
        examples: [{ kind: 'dishes', change: 'changed', id: 101, name: 'Маргарита' }],
      },
    });
    render(<CatalogueScreen session={session} />);
    await upload('prices.csv', 'id;категория;блюдо;цена\n101;;;600\n');
    expect(call).toHaveBeenLastCalledWith(staffCatalogueImportCall, {
      format: 'csv',
      content: 'id;категория;блюдо;цена\n101;;;600\n',
      dry_run: true,
    });
    expect(screen.getByRole('row', { name: /Блюда/ }).textContent).toBe('Блюда020');
    expect(screen.getByText('Блюда, изменено: Маргарита')).toBeTruthy();

    call.mockResolvedValueOnce({ applied: true, problems: [], fingerprint: 'b'.repeat(64), difference: null });
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    await settle();
    expect(call).toHaveBeenLastCalledWith(staffCatalogueImportCall, {
      format: 'csv',
      content: 'id;категория;блюдо;цена\n101;;;600\n',
      dry_run: false,
      based_on: fingerprint,
    });
    expect(screen.getByRole('status').textContent).toBe(CATALOGUE_TEXTS.applied);
  });

  it('lists every problem with its place and offers nothing to apply', async () => {
    call.mockResolvedValueOnce({
      applied: false,
      problems: [
        { place: 'dishes[0].price', message: 'не меньше нуля' },
        { place: 'dishes[3].category_id', message: 'нет категории с номером 9' },
      ],
      fingerprint: 'a'.repeat(64),
      difference: null,
    });
    render(<CatalogueScreen session={session} />);
    await upload('catalogue.json', '{}');
    expect(call).toHaveBeenLastCalledWith(staffCatalogueImportCall, { format: 'json', content: '{}', dry_run: true });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('2 ошибки');
    expect(alert.textContent).toContain('dishes[3].category_id — нет категории с номером 9');
    expect(screen.queryByRole('button', { name: 'Применить' })).toBeNull();
  });
});
