// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  type CutleryItem,
  type StaffExtras,
  staffCreateCutleryCall,
  staffExtrasCall,
  staffSaveCutleryCall,
} from '@chain/contract';
import { ApiError } from '../../../api/client';
import { staffCall } from '../../api';
import ExtrasPage from './extras-page';

// Issue 31: the back office's cutlery and recommendations screen — a list, the chosen row's form,
// a save over the version it was based on, the other person's values after a 409.

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));

const settle = () => act(async () => {});
const SESSION = {
  token: 't',
  me: { id: 1, login: 'm', name: 'Менеджер', role: 'manager' as const, chain: true, restaurants: [] },
};
const STICKS: CutleryItem = {
  id: 1,
  name: 'Палочки для суши',
  price: 1000,
  free_cnt: 2,
  max: 10,
  order_types: ['self', 'delivery'],
  sort: 0,
  archived: false,
  version: 4,
};
const extras = (fields: Partial<StaffExtras> = {}): StaffExtras => ({
  cutlery: [STICKS],
  recommended: [
    {
      id: 3,
      dish_id: 1501,
      dish_name: 'Сырный соус',
      price: 6000,
      free_cnt: 0,
      separated: false,
      order_types: ['inrest', 'self', 'delivery'],
      sort: 0,
      archived: false,
      version: 1,
    },
  ],
  dishes: [{ id: 1501, name: 'Сырный соус', price: 6000 }],
  may_edit: true,
  ...fields,
});

type Mocked = (definition: unknown, body?: unknown, options?: unknown) => Promise<unknown>;
const calls = () => vi.mocked(staffCall).mock.calls as unknown as Array<Parameters<Mocked>>;

describe('the cutlery and recommendations screen (issue 31)', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(staffCall).mockReset();
  });

  it('lists both with their free counts; a save sends the version the form was based on; a 409 shows what the other person changed and the next save goes over it', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce(extras());
    render(<ExtrasPage session={SESSION as never} />);
    await settle();
    expect(calls()[0]?.[0]).toBe(staffExtrasCall);
    const table = screen.getAllByRole('table')[0]!;
    expect(within(table).getByText('Палочки для суши')).toBeTruthy();
    expect(within(table).getByText('Самовывоз, Доставка курьером')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Изменить: Палочки для суши' }));
    const form = screen.getByRole('form', { name: 'Прибор «Палочки для суши»' });
    fireEvent.change(within(form).getByLabelText('Бесплатно, штук'), { target: { value: '3' } });
    const current = { ...STICKS, price: 1500, version: 5 };
    vi.mocked(staffCall).mockRejectedValueOnce(
      new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', 'r1', {
        body: { success: false, error: 'stale_version', message: BACKOFFICE_TEXTS.staleVersion, current },
      }),
    );
    fireEvent.click(within(form).getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await settle();
    expect(calls()[1]).toEqual([
      staffSaveCutleryCall,
      {
        name: 'Палочки для суши',
        price: 1000,
        free_cnt: 3,
        max: 10,
        order_types: ['self', 'delivery'],
        sort: 0,
        archived: false,
        version: 4,
      },
      { params: { id: 1 } },
    ]);
    const notice = within(form).getByRole('alert');
    expect(notice.textContent).toContain('Цена за штуку сверх бесплатных: 15,00 ₽');

    fireEvent.click(within(notice).getByRole('button', { name: BACKOFFICE_TEXTS.reload }));
    vi.mocked(staffCall).mockResolvedValueOnce({ ...current, free_cnt: 3, version: 6 });
    fireEvent.click(within(form).getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await settle();
    expect(calls()[2]?.[1]).toMatchObject({ price: 1500, free_cnt: 3, version: 5 });
    expect(within(form).getByText(BACKOFFICE_TEXTS.saved)).toBeTruthy();
    expect(within(screen.getAllByRole('table')[0]!).getByText('15,00 ₽')).toBeTruthy();
  });

  it('adds a cutlery item; a free count above the maximum is said under the field and not sent', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce(extras({ cutlery: [] }));
    render(<ExtrasPage session={SESSION as never} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить прибор' }));
    const form = screen.getByRole('form', { name: 'Новый прибор' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Вилка' } });
    fireEvent.change(within(form).getByLabelText('Цена за штуку сверх бесплатных'), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText('Бесплатно, штук'), { target: { value: '11' } });
    expect(within(form).getByText('Бесплатно — не больше, чем можно взять.')).toBeTruthy();
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: BACKOFFICE_TEXTS.save }).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Бесплатно, штук'), { target: { value: '1' } });
    vi.mocked(staffCall).mockResolvedValueOnce({
      ...STICKS,
      id: 9,
      name: 'Вилка',
      price: 1200,
      free_cnt: 1,
      version: 1,
    });
    fireEvent.click(within(form).getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await settle();
    expect(calls()[1]).toEqual([
      staffCreateCutleryCall,
      { name: 'Вилка', price: 1200, free_cnt: 1, max: 10, order_types: ['self', 'delivery'], sort: 0, archived: false },
    ]);
    expect(within(screen.getAllByRole('table')[0]!).getByText('Вилка')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Прибор «Вилка»' })).toBeTruthy();
    expect(screen.getByText(BACKOFFICE_TEXTS.saved)).toBeTruthy();
  });

  it('shows a restaurant’s manager the lists without ways to change them', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce(extras({ may_edit: false }));
    render(<ExtrasPage session={SESSION as never} />);
    await settle();
    expect(screen.getByText(/может менеджер сети/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Изменить|Добавить/ })).toBeNull();
  });
});
