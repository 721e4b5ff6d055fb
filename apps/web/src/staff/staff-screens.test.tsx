// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFFICE_TEXTS, STAFF_TEXTS, type StaffBooking, type StaffOrder } from '@chain/contract';
import { dayHeading, formatLongDate, wallClockAt } from '@chain/domain';
import { ApiError } from '../api/client';
import { staffCall } from './api';
import { BoardPage } from './board-page';
import { BookingsPage } from './bookings-page';
import { setStaffSession, staffSession } from './session';
import { SignInPage } from './sign-in-page';
import { StopListPage } from './stop-list-page';

// Issue 17: the staff app's sign-in (two steps, the server's words on refusal) and the board's
// cards (the next step as the big button, cancel only after a confirm).

vi.mock(import('./api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));
vi.mock(import('../api/live-stream'), () => ({
  followLiveStream: vi.fn(() => () => undefined),
  LIVE_STREAM_RECONNECT_MS: [1000],
}));

const settle = () => act(async () => {});
const ME = {
  id: 3,
  login: 'kitchen1',
  name: 'Кухня',
  role: 'kitchen' as const,
  chain: false,
  restaurants: [{ id: 1, name: 'Патриаршие' }],
};

const order = (fields: Partial<StaffOrder>): StaffOrder => ({
  id: 7,
  znumber: 'С-007',
  type: 'self',
  status: 20,
  status_text: 'Принят',
  paid: true,
  created_at: new Date().toISOString(),
  due_at: null,
  next: [30],
  sum: 59_000,
  table: '',
  kiosk: false,
  guest_name: 'Анна',
  guest_phone: '79161234567',
  address: '',
  comment: 'Без лука',
  lines: [{ name: 'Маргарита', cnt: 2, options: ['Тонкое тесто'] }],
  cutlery: [],
  ...fields,
});

describe('the staff sign-in (issue 17)', () => {
  beforeEach(() => {
    setStaffSession(null);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.mocked(staffCall).mockReset();
  });

  it('asks the login and password, then the e-mailed code, and keeps the session', async () => {
    vi.mocked(staffCall)
      .mockResolvedValueOnce({
        challenge: 'c1',
        email_hint: 'k***@staff.demo',
        sent_at: new Date().toISOString(),
        new_code: true,
      })
      .mockResolvedValueOnce({ token: 'staff-token', staff: ME, device: 'd1.3.device-token' });
    render(<SignInPage />);
    fireEvent.change(screen.getByLabelText('Логин'), { target: { value: 'kitchen1' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await settle();
    expect(screen.getByText('Мы отправили код на k***@staff.demo.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Код из письма'), { target: { value: '12 34-56' } });
    expect(screen.getByLabelText<HTMLInputElement>('Код из письма').value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toEqual({ challenge: 'c1', code: '123456' });
    expect(staffSession()).toEqual({ token: 'staff-token', me: ME });
    // This device's token is kept for the login and sent with its next sign-in (issue 30.3).
    cleanup();
    vi.mocked(staffCall).mockResolvedValueOnce({
      challenge: 'c2',
      email_hint: 'k***@staff.demo',
      sent_at: '2026-11-28T11:05:00Z',
      new_code: false,
    });
    render(<SignInPage />);
    fireEvent.change(screen.getByLabelText('Логин'), { target: { value: ' Kitchen1' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[2]?.[1]).toEqual({
      login: ' Kitchen1',
      password: 'secret-password',
      device: 'd1.3.device-token',
    });
    // No new mail: the one sent before is named, with its time.
    expect(
      screen.getByText(/^Код уже отправлен на k\*\*\*@staff\.demo в \d\d:\d\d — введите код из этого письма\.$/),
    ).toBeTruthy();
  });

  it('shows a captcha when the server asks for one, sends its answer with the next try, and a new picture after a refusal (issue 30.3)', async () => {
    vi.mocked(staffCall)
      .mockRejectedValueOnce(new ApiError(STAFF_TEXTS.captchaRequired, 'server', 400, 'captcha_required'))
      .mockRejectedValueOnce(new ApiError(STAFF_TEXTS.wrongCredentials, 'server', 401, 'wrong_credentials'))
      .mockResolvedValueOnce({
        challenge: 'c3',
        email_hint: 'm***@staff.demo',
        sent_at: new Date().toISOString(),
        new_code: true,
      });
    render(<SignInPage />);
    fireEvent.change(screen.getByLabelText('Логин'), { target: { value: 'stranger-target' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(STAFF_TEXTS.captchaRequired);
    const picture = screen.getByRole<HTMLImageElement>('img', { name: 'Картинка с кодом из цифр' });
    const first = picture.getAttribute('src');
    expect(first).toMatch(/^\/api\/staff\/captcha\/[0-9a-f]{32}$/);
    fireEvent.change(screen.getByLabelText('Код с картинки'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toMatchObject({
      captcha_id: first?.split('/').at(-1),
      captcha: '12345',
    });
    // The picture was used by that try: a new one, and the field is empty again.
    const second = screen.getByRole<HTMLImageElement>('img', { name: 'Картинка с кодом из цифр' }).getAttribute('src');
    expect(second).not.toBe(first);
    expect(screen.getByLabelText<HTMLInputElement>('Код с картинки').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Другая картинка' }));
    expect(
      screen.getByRole<HTMLImageElement>('img', { name: 'Картинка с кодом из цифр' }).getAttribute('src'),
    ).not.toBe(second);
    fireEvent.change(screen.getByLabelText('Код с картинки'), { target: { value: '54321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await settle();
    expect(screen.getByLabelText('Код из письма')).toBeTruthy();
  });

  it('shows the server’s refusal in its words and stays on the step', async () => {
    vi.mocked(staffCall).mockRejectedValueOnce(
      new ApiError(STAFF_TEXTS.wrongCredentials, 'server', 401, 'wrong_credentials'),
    );
    render(<SignInPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(STAFF_TEXTS.wrongCredentials);
    expect(screen.getByLabelText('Пароль')).toBeTruthy();
  });
});

describe('the order board’s cards (issue 17)', () => {
  beforeEach(() => setStaffSession({ token: 'staff-token', me: ME }));
  afterEach(() => {
    cleanup();
    vi.mocked(staffCall).mockReset();
  });

  it('shows what the kitchen needs and moves the order with the big button', async () => {
    vi.mocked(staffCall)
      .mockResolvedValueOnce({ restaurant: { id: 1, name: 'Патриаршие' }, orders: [order({})] })
      .mockResolvedValueOnce(order({ status: 30, status_text: 'Готовится', next: [40] }));
    render(<BoardPage restaurantId={1} />);
    await settle();
    const card = screen.getByRole('article', { name: 'С-007' });
    expect(card.textContent).toContain('2× Маргарита · Тонкое тесто');
    expect(card.textContent).toContain('«Без лука»');
    fireEvent.click(screen.getByRole('button', { name: 'Готовить' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toEqual({ to: 30 });
    expect(screen.getByRole('region', { name: /^Готовятся/ }).textContent).toContain('С-007');
    expect(screen.getByRole('button', { name: 'Готов' })).toBeTruthy();
  });

  it('cancels an unpaid order only after a confirm, and shows a refused move in words', async () => {
    vi.mocked(staffCall)
      .mockResolvedValueOnce({
        restaurant: { id: 1, name: 'Патриаршие' },
        orders: [order({ status: 10, paid: false, next: [90], status_text: 'Ожидает оплаты' })],
      })
      .mockRejectedValueOnce(
        new ApiError('Заказ С-007 нельзя перевести в этот статус: оплачен.', 'server', 409, 'illegal_status_move'),
      );
    render(<BoardPage restaurantId={1} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(vi.mocked(staffCall)).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Да, отменить' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toEqual({ to: 90 });
    expect(screen.getByRole('alert').textContent).toContain('нельзя перевести');
  });
});

describe('dates on the staff screens (issue 30: the calendar day of the moment)', () => {
  // Saturday 28 November 2026, 03:30 in Moscow.
  const NOW = Date.UTC(2026, 10, 28, 0, 30);
  beforeEach(() => {
    setStaffSession({ token: 'staff-token', me: ME });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.mocked(staffCall).mockReset();
  });

  it('an order card says the time alone when it is today’s, and names the day when it is not', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce({
      restaurant: { id: 1, name: 'Патриаршие' },
      time_zone: 'Europe/Moscow',
      orders: [
        order({ id: 7, znumber: 'С-007', due_at: '2026-11-28T06:00:00Z' }),
        order({ id: 8, znumber: 'С-008', due_at: '2026-11-29T06:15:00Z' }),
      ],
    });
    render(<BoardPage restaurantId={1} />);
    await settle();
    expect(screen.getByRole('article', { name: 'С-007' }).textContent).toContain('· к 09:00');
    expect(screen.getByRole('article', { name: 'С-007' }).textContent).not.toContain('ноября');
    expect(screen.getByRole('article', { name: 'С-008' }).textContent).toContain('· к 09:15, воскресенье, 29 ноября');
  });

  it('the bookings board puts each booking under the calendar day it starts on, at its time on the restaurant’s clock', async () => {
    const booking = (id: number, timefrom: string, timeto: string): StaffBooking => ({
      id,
      booking_num: `Б-2811-000${id}`,
      status: 'new',
      timefrom,
      timeto,
      persons: 2,
      guest_name: 'Олег',
      guest_phone: '',
      comment: '',
      min_sum: 200_000,
      next: ['active', 'cancelled'],
    });
    vi.mocked(staffCall).mockResolvedValueOnce({
      restaurant: { id: 10, name: 'Тверская' },
      time_zone: 'Europe/Moscow',
      from: '2026-11-27T03:00:00.000Z',
      to: '2026-11-29T03:00:00.000Z',
      tables: [
        // Friday 23:30 — Saturday 05:00 (Friday's business day) — Sunday 02:00 (Saturday's).
        {
          id: 1,
          num: '1',
          seats: 2,
          bookings: [
            booking(1, '2026-11-27T20:30:00Z', '2026-11-27T21:30:00Z'),
            booking(2, '2026-11-28T02:00:00Z', '2026-11-28T03:00:00Z'),
          ],
        },
        { id: 2, num: '2', seats: 4, bookings: [booking(3, '2026-11-28T23:00:00Z', '2026-11-29T00:00:00Z')] },
      ],
    });
    render(<BookingsPage restaurantId={10} />);
    await settle();
    const today = wallClockAt(NOW, 'Europe/Moscow').date;
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      dayHeading({ year: 2026, month: 11, day: 27 }, today),
      dayHeading({ year: 2026, month: 11, day: 28 }, today),
      dayHeading({ year: 2026, month: 11, day: 29 }, today),
    ]);
    expect(screen.getAllByRole('heading', { level: 2 })[1]?.textContent).toBe(`Сегодня, ${formatLongDate(today)}`);
    expect(screen.getByRole('region', { name: 'Вчера, пятница, 27 ноября' }).textContent).toContain('23:30–00:30');
    expect(screen.getByRole('region', { name: 'Сегодня, суббота, 28 ноября' }).textContent).toContain('05:00–06:00');
    expect(screen.getByRole('region', { name: 'Завтра, воскресенье, 29 ноября' }).textContent).toContain('02:00–03:00');
    // Past midnight the span starts yesterday morning: it is named, not called «today and tomorrow».
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Брони');
    expect(screen.getByText(/^С 06:00/).textContent).toBe(
      'С 06:00, пятница, 27 ноября до 06:00, воскресенье, 29 ноября',
    );
  });
});

describe('the stop list (issue 17; decision 054: what guests can be offered)', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(staffCall).mockReset();
  });
  const menu = (hidden: string[]) => ({
    restaurant: { id: 1, name: 'Патриаршие' },
    categories: [
      {
        id: 3,
        name: 'Пицца',
        dishes: [
          {
            id: 101,
            name: 'Маргарита',
            price: 59_000,
            stopped: true,
            reason: 'Нет моцареллы',
            is_locked: false,
            lock_code: '',
            version: 4,
            options: [],
          },
        ],
      },
    ],
    hidden_categories: hidden,
  });

  it('lists the dishes it is given and names the hidden categories whose dishes it leaves out', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce(menu(['Завтраки', 'Сезонное']));
    render(<StopListPage restaurantId={1} chainManager={false} />);
    await settle();
    expect(screen.getByRole('switch', { name: 'Маргарита: на стопе' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/^На стопе:/).textContent).toBe('На стопе: 1. Гости видят изменения сразу.');
    expect(screen.getByText(/скрыты от гостей/).textContent).toBe(
      'Категории скрыты от гостей, их блюд здесь нет: «Завтраки», «Сезонное».',
    );
  });

  it('says nothing of hidden categories when there are none', async () => {
    vi.mocked(staffCall).mockResolvedValueOnce(menu([]));
    render(<StopListPage restaurantId={1} chainManager={false} />);
    await settle();
    expect(screen.getByRole('switch', { name: 'Маргарита: на стопе' })).toBeTruthy();
    expect(screen.queryByText(/скрыт/)).toBeNull();
  });

  it('saves a lock code over the dish’s version; over a dish changed since, shows the 409’s words and the code as it is now (issue 31: no lost update)', async () => {
    const dish = menu([]).categories[0]!.dishes[0]!;
    vi.mocked(staffCall)
      .mockResolvedValueOnce(menu([]))
      .mockRejectedValueOnce(
        new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', null, {
          body: { current: { ...dish, is_locked: true, lock_code: 'VIP-2', version: 5 } },
        }),
      )
      .mockResolvedValueOnce({ ...dish, is_locked: true, lock_code: 'VIP-3', version: 6 });
    render(<StopListPage restaurantId={1} chainManager={true} />);
    await settle();
    const field = screen.getByLabelText<HTMLInputElement>('Код доступа (пусто — без кода)');
    fireEvent.change(field, { target: { value: 'VIP-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить код' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toEqual({ version: 4, locked: true, code: 'VIP-1' });
    expect(screen.getByText(BACKOFFICE_TEXTS.staleVersion)).toBeTruthy();
    expect(field.value).toBe('VIP-2');
    // Saved again on top of what is there now: over its version.
    fireEvent.change(field, { target: { value: 'VIP-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить код' }));
    await settle();
    expect(vi.mocked(staffCall).mock.calls[2]?.[1]).toEqual({ version: 5, locked: true, code: 'VIP-3' });
    expect(screen.queryByText(BACKOFFICE_TEXTS.staleVersion)).toBeNull();
  });
});
