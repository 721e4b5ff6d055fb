// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFFICE_TEXTS, STAFF_TEXTS } from '@chain/contract';
import { ApiError } from '../../api/client';
import type { StaffSession } from '../session';
import { StaleNotice } from './fields';
import { ManagePage } from './manage-page';
import { changedFields, rebase, staleCurrent, useVersionedForm } from './versioned-form';

// Issue 31 "No lost update" on the screen (decision 043): a save over a newer version shows what
// the other person changed and keeps this person's own changes on top of it.

afterEach(cleanup);

interface Dish {
  id: number;
  name: string;
  price: number;
  weight: string;
  version: number;
}
const saved: Dish = { id: 5, name: 'Борщ', price: 45_000, weight: '300 г', version: 3 };
const stale = (current: Dish) =>
  new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', 'r1', {
    body: { success: false, error: 'stale_version', message: BACKOFFICE_TEXTS.staleVersion, current },
  });

describe('the pure parts', () => {
  it('names the fields whose saved value moved, never the version', () => {
    expect(changedFields(saved, { ...saved, price: 50_000, version: 4 })).toEqual(['price']);
    expect(changedFields(saved, { ...saved, version: 4 })).toEqual([]);
  });

  it('rebases: this person’s changes stay, the rest and the version come from the saved row', () => {
    const draft = { ...saved, name: 'Борщ с пампушками' };
    const current = { ...saved, price: 50_000, weight: '350 г', version: 4 };
    expect(rebase(saved, draft, current)).toEqual({
      id: 5,
      name: 'Борщ с пампушками',
      price: 50_000,
      weight: '350 г',
      version: 4,
    });
  });

  it('reads the current row only out of a 409 stale_version', () => {
    const current = { ...saved, version: 4 };
    expect(staleCurrent(stale(current))).toEqual(current);
    expect(staleCurrent(new ApiError('Нет', 'server', 409, 'conflict'))).toBeNull();
    expect(staleCurrent(new Error('x'))).toBeNull();
  });
});

describe('useVersionedForm', () => {
  it('sends the version it was based on; a 409 shows the other change, and the next save goes over the new version with both changes', async () => {
    const sent: Dish[] = [];
    let refuse = true;
    const { result } = renderHook(() =>
      useVersionedForm(saved, async (draft) => {
        sent.push(draft);
        if (refuse) {
          refuse = false;
          throw stale({ ...saved, price: 50_000, version: 4 });
        }
        return { ...draft, version: draft.version + 1 };
      }),
    );
    act(() => result.current.set('name', 'Борщ с пампушками'));
    expect(result.current.dirty).toBe(true);
    await act(async () => {
      expect(await result.current.submit()).toBe(false);
    });
    expect(sent[0]).toMatchObject({ name: 'Борщ с пампушками', version: 3 });
    expect(result.current.stale?.changed).toEqual(['price']);
    expect(result.current.error).toBe(BACKOFFICE_TEXTS.staleVersion);

    act(() => result.current.takeCurrent());
    expect(result.current.draft).toEqual({ ...saved, name: 'Борщ с пампушками', price: 50_000, version: 4 });
    await act(async () => {
      expect(await result.current.submit()).toBe(true);
    });
    expect(sent[1]).toMatchObject({ name: 'Борщ с пампушками', price: 50_000, version: 4 });
    expect(result.current.draft.version).toBe(5);
    expect(result.current.dirty).toBe(false);
    expect(result.current.stale).toBeNull();
  });

  it('shows any other refusal in the server’s words and keeps the draft', async () => {
    const { result } = renderHook(() =>
      useVersionedForm(saved, async () => Promise.reject(new ApiError('Укажите цену.', 'server', 400, 'validation'))),
    );
    act(() => result.current.set('price', 0));
    await act(async () => {
      await result.current.submit();
    });
    expect(result.current.error).toBe('Укажите цену.');
    expect(result.current.draft.price).toBe(0);
  });
});

describe('the stale notice', () => {
  it('lists each changed field with its saved value and takes the new values on request', () => {
    let taken = false;
    render(
      <StaleNotice
        stale={{ current: { ...saved, price: 50_000, version: 4 }, changed: ['price'] }}
        labels={{ price: 'Цена' }}
        show={(key, value) => (key === 'price' ? `${Number(value) / 100} ₽` : String(value))}
        onTake={() => (taken = true)}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Цена: 500 ₽');
    fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.reload }));
    expect(taken).toBe(true);
  });
});

describe('the back office’s door', () => {
  const session = (role: 'manager' | 'kitchen', chain = false): StaffSession => ({
    token: 't',
    me: { id: 1, login: 'x', name: 'X', role, chain, restaurants: [{ id: 1, name: 'Патриаршие' }] },
  });

  it('a kitchen account reads that only a manager may (as the API answers it)', () => {
    render(<ManagePage session={session('kitchen')} area={null} />);
    expect(screen.getByRole('alert').textContent).toBe(STAFF_TEXTS.managerOnly);
  });

  it('an area that does not exist is said so', () => {
    render(<ManagePage session={session('manager', true)} area="nothing-here" />);
    expect(screen.getByRole('alert').textContent).toBe('Такого раздела нет.');
  });
});
