// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@chain/contract';
import { ERROR_TITLE } from '@chain/domain';
import {
  changeBooking,
  loadActiveBookings,
  loadBookingPeriods,
  saveBooking,
  type BookingPeriodsAnswer,
} from './api/booking';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { settingsQuery } from '../../api/settings';
import { EMPTY_USER } from '../../state/guest-store';
import { cartStore, chromeStore, guestStore } from '../../state/store';
import BookingConfirmPage from './booking-confirm-page';
import type { BookingParameters } from './booking-model';
import BookingPage from './booking-page';
import BookingResultPage from './booking-result-page';
import { appSnapshot, resetAppStores } from '../../state/stores.test-support';

vi.mock(import('./api/booking'), async (importOriginal) => ({
  ...(await importOriginal()),
  loadBookingPeriods: vi.fn(),
  loadActiveBookings: vi.fn(),
  saveBooking: vi.fn(),
  changeBooking: vi.fn(),
}));

const SESSION = { id: '42', password: 'token' };
// Tuesday 24 November 2026, 18:00 Moscow: the booking below is for 19:00–20:00 that day.
const NOW = new Date('2026-11-24T18:00:00+03:00');
const START = Math.floor(new Date('2026-11-24T19:00:00+03:00').getTime() / 1000);
const MIDNIGHT = Math.floor(new Date('2026-11-24T00:00:00+03:00').getTime() / 1000);

function booking(overrides: Partial<BookingView> = {}): BookingView {
  return {
    booking_num: 'Б-2411-0007',
    status: 'new',
    timefrom: START,
    timeto: START + 3600,
    isnew: 1,
    table_id: 3,
    table_num: '3',
    min_sum: 200_000,
    restoran: 1,
    fs_uid: 'rest-1',
    restoran_name: 'Жар-печь на Патриарших',
    restoran_address: 'Москва, ул. Малая Бронная, 24',
    time_zone: 'Europe/Moscow',
    cntpersons: 2,
    cntminutes: 60,
    periodfrom: '19:00',
    date: MIDNIGHT,
    comment: '',
    dateFormatted: 'вторник, 24 ноября, 19:00–20:00',
    username: 'Анна',
    message: 'Стол №3 забронирован: вторник, 24 ноября, 19:00–20:00. Гостей: 2.',
    img: '',
    allowOrder: 1,
    allowCancel: 1,
    allowEnd: 0,
    allowExtend: 0,
    allowMain: 1,
    textContinue: 'Заказать блюда к столу',
    textMain: 'Отменить бронь',
    ...overrides,
  };
}

const PARAMETERS: BookingParameters = {
  periodfrom: '19:00',
  restoran: 1,
  restaurantName: 'Жар-печь на Патриарших',
  restaurantAddress: 'Москва, ул. Малая Бронная, 24',
  date: MIDNIGHT,
  dateLabel: 'Сегодня',
  periodText: '19:00–20:00',
  cntpersons: 2,
  cntminutes: 60,
  minSum: 200_000,
};

function periodsAnswer(overrides: Partial<BookingPeriodsAnswer> = {}): BookingPeriodsAnswer {
  return {
    periods: [
      { periodfrom: '19:00', from: '19:00', to: '20:00', timefrom: START, timeto: START + 3600, text: '19:00–20:00' },
      {
        periodfrom: '19:30',
        from: '19:30',
        to: '20:30',
        timefrom: START + 1800,
        timeto: START + 5400,
        text: '19:30–20:30',
      },
    ],
    restorans: [
      {
        id: 1,
        fs_uid: 'rest-1',
        name: 'Жар-печь на Патриарших',
        nameShort: 'Патрики',
        address: 'Москва, ул. Малая Бронная, 24',
        time_zone: 'Europe/Moscow',
        maxPersons: 6,
      },
    ],
    restoranid: 1,
    dates: [
      { date: MIDNIGHT, value: '24.11.2026', label: 'Сегодня' },
      { date: MIDNIGHT + 86_400, value: '25.11.2026', label: 'Среда, 25 ноября' },
    ],
    deliveryDateTimeProps: { deliveryDate: '24.11.2026', deliveryTime: '19:00', isTimePeriods: 1 },
    allowbooking: 1,
    min_sum: 200_000,
    message: '',
    ...overrides,
  };
}

/** The app's routes of the booking, on the browser's location (the screens read history state). */
function renderAt(path: string, state: unknown) {
  history.replaceState(state, '', path);
  return render(
    <Router>
      <Switch>
        <Route path="/booking">
          <BookingPage />
        </Route>
        <Route path="/booking/step_2">
          <BookingConfirmPage />
        </Route>
        <Route path="/booking_result">
          <BookingResultPage />
        </Route>
        <Route>
          <p>elsewhere</p>
        </Route>
      </Switch>
    </Router>,
  );
}

const dialog = () => chromeStore.getState().dialogItems[0];
const answerDialog = (label: string | null) =>
  act(async () => {
    const open = dialog();
    if (!open) throw new Error('no dialog is open');
    const index = label === null ? -1 : (open.items?.findIndex((item) => item.label === label) ?? -1);
    chromeStore.getState().resolveDialog(open.id, index >= 0 ? index : null);
  });
const settle = () => act(async () => {});
const tick = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  resetAppStores();
  guestStore.getState().setUser({ ...EMPTY_USER, ...SESSION, authorized: true, booking: true });
  settingsQuery.set(undefined, { booking_text_step2: 'Стол ждёт 15 минут.' } as never);
  vi.mocked(loadActiveBookings).mockResolvedValue([]);
  // Without a restaurant the server offers the restaurants and dates only.
  vi.mocked(loadBookingPeriods).mockImplementation(async (_session, fields) =>
    fields.restoranid === undefined
      ? periodsAnswer({ restoranid: null, periods: [], allowbooking: 0, message: 'Выберите ресторан.' })
      : periodsAnswer(),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(loadBookingPeriods).mockReset();
  vi.mocked(loadActiveBookings).mockReset();
  vi.mocked(saveBooking).mockReset();
  vi.mocked(changeBooking).mockReset();
});

describe('Бронирование стола (SPEC 2, 9)', () => {
  it('asks for 2 guests and 60 minutes, shows the periods and the minimum, and hands the choice to the confirmation', async () => {
    renderAt('/booking', null);
    await settle();
    expect(vi.mocked(loadBookingPeriods).mock.calls[0]?.[1]).toMatchObject({
      cntpersons: 2,
      cntminutes: 60,
      logictype: 'booking',
    });
    expect(screen.getByText('Выберите ресторан.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ресторан'), { target: { value: '1' } });
    await settle();
    expect(vi.mocked(loadBookingPeriods).mock.calls.at(-1)?.[1]).toMatchObject({
      restoranid: 1,
      cntpersons: 2,
      cntminutes: 60,
    });
    expect(screen.getByText('2000,00 ₽')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(screen.getByRole('alert').textContent).toBe('Выберите время.');
    fireEvent.click(screen.getByRole('radio', { name: '19:30–20:30' }));
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(location.pathname).toBe('/booking/step_2');
    expect(history.state).toEqual({ parameters: { ...PARAMETERS, periodfrom: '19:30', periodText: '19:30–20:30' } });
  });

  it('starts at the restaurant of the order, asks again for another party or date, and says why nothing can be booked', async () => {
    cartStore.setState({ restaurant: { id: '1', name: 'Жар-печь на Патриарших', nameShort: 'Патрики' } });
    renderAt('/booking', null);
    await settle();
    vi.mocked(loadBookingPeriods).mockResolvedValue(
      periodsAnswer({
        periods: [],
        allowbooking: 0,
        message: 'На эту дату свободных столов нет. Выберите другую дату.',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Увеличить количество: Гостей' }));
    await settle();
    expect(vi.mocked(loadBookingPeriods).mock.calls.at(-1)?.[1]).toMatchObject({ cntpersons: 3, restoranid: 1 });
    expect(screen.getByText('На эту дату свободных столов нет. Выберите другую дату.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Среда, 25 ноября' }));
    await settle();
    expect(vi.mocked(loadBookingPeriods).mock.calls.at(-1)?.[1]).toMatchObject({ date: MIDNIGHT + 86_400 });
  });

  it('leads back to a booking not over yet (bookingList active: 1)', async () => {
    vi.mocked(loadActiveBookings).mockResolvedValue([booking()]);
    renderAt('/booking', null);
    await settle();
    const mine = screen.getByRole('region', { name: 'Ваши брони' });
    fireEvent.click(within(mine).getByRole('button', { name: /Жар-печь на Патриарших/ }));
    await settle();
    expect(location.pathname).toBe('/booking_result');
    expect(screen.getByRole('timer').textContent).toBe('1:00:00');
  });

  it('says the server’s words when the guest may not book', async () => {
    vi.mocked(loadBookingPeriods).mockRejectedValue(
      new ApiError('Бронирование столов недоступно для вашего аккаунта.', 'server', 403, 'booking_not_allowed'),
    );
    renderAt('/booking', null);
    await settle();
    expect(screen.getByText('Бронирование столов недоступно для вашего аккаунта.')).toBeTruthy();
  });
});

describe('Подтверждение бронирования (SPEC 2, 5, 8)', () => {
  it('goes to Бронирование стола without the parameters', async () => {
    renderAt('/booking/step_2', null);
    await settle();
    expect(location.pathname).toBe('/booking');
  });

  it('has the agreement ticked by default and needs it; shows booking_text_step2', async () => {
    renderAt('/booking/step_2', { parameters: PARAMETERS });
    const agreement = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Я согласен с условиями бронирования' });
    expect(agreement.checked).toBe(true);
    expect(screen.getByText('Стол ждёт 15 минут.')).toBeTruthy();
    fireEvent.click(agreement);
    fireEvent.click(screen.getByRole('button', { name: 'Забронировать' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Чтобы забронировать стол, примите условия бронирования.');
    expect(saveBooking).not.toHaveBeenCalled();
  });

  it('books with the comment and opens the booking in place of the confirmation', async () => {
    vi.mocked(saveBooking).mockResolvedValue(booking({ comment: 'У окна' }));
    renderAt('/booking/step_2', { parameters: PARAMETERS });
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: ' У окна ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Забронировать' }));
    await settle();
    expect(saveBooking).toHaveBeenCalledWith(SESSION, {
      restoran: 1,
      cntpersons: 2,
      cntminutes: 60,
      periodfrom: '19:00',
      date: MIDNIGHT,
      comment: 'У окна',
    });
    expect(location.pathname).toBe('/booking_result');
    expect(screen.getByText('У окна')).toBeTruthy();
  });

  it.each([
    [
      'the server’s text',
      new ApiError(
        'К сожалению, на 19:00 свободных столов для 2 гостей не осталось. Выберите другое время.',
        'server',
        409,
        'no_free_table',
      ),
    ],
    ['the request-failed text', new ApiError(REQUEST_FAILED_MESSAGE, 'network', null)],
  ])('shows %s when the booking is refused, and stays', async (_case, error) => {
    vi.mocked(saveBooking).mockRejectedValue(error);
    renderAt('/booking/step_2', { parameters: PARAMETERS });
    fireEvent.click(screen.getByRole('button', { name: 'Забронировать' }));
    await settle();
    expect(dialog()).toMatchObject({ title: ERROR_TITLE, message: error.message });
    expect(location.pathname).toBe('/booking/step_2');
  });
});

describe('the booking (SPEC 2 BookingResult, SPEC 4, 9)', () => {
  it('goes home without a booking', async () => {
    renderAt('/booking_result', { booking: { booking_num: 'x' } });
    await settle();
    expect(location.pathname).toBe('/');
  });

  it('shows the whole booking before it starts, then counts down to timeto every second with extend and finish', async () => {
    renderAt('/booking_result', { booking: booking() });
    expect(screen.getByRole('timer').textContent).toBe('1:00:00');
    expect(screen.getByRole('button', { name: 'Заказать блюда к столу' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отменить бронь' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Продлить на 30 минут' })).toBeNull();
    await tick(60 * 60 * 1000 + 5000);
    expect(screen.getByRole('timer').textContent).toBe('59:55');
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('59:54');
    expect(screen.getByRole('button', { name: 'Продолжить заказ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Продлить на 30 минут' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Завершить бронь' })).toBeTruthy();
    // The words follow the clock too: the booking's words before its start are no longer shown.
    expect(screen.queryByText(/Стол №3 забронирован/)).toBeNull();
    expect(screen.getByText('Бронь идёт. Приятного вечера!')).toBeTruthy();
    await tick(60 * 60 * 1000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('закончилась')).toBeTruthy();
    expect(screen.getByText('Время брони закончилось.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Завершить бронь' })).toBeNull();
  });

  it('cancels a new booking once confirmed and goes home', async () => {
    vi.mocked(changeBooking).mockResolvedValue({
      booking: booking({ status: 'cancelled' }),
      message: 'Бронь отменена.',
    });
    renderAt('/booking_result', { booking: booking() });
    fireEvent.click(screen.getByRole('button', { name: 'Отменить бронь' }));
    await settle();
    await answerDialog('Нет');
    expect(changeBooking).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить бронь' }));
    await settle();
    await answerDialog('Отменить бронь');
    expect(changeBooking).toHaveBeenCalledWith(SESSION, 'cancel', 'Б-2411-0007');
    expect(location.pathname).toBe('/');
  });

  it('finishes a running booking and goes home; a failure is said as the server says it (SPEC 8)', async () => {
    const running = booking({
      timefrom: START - 7200,
      timeto: START + 600,
      isnew: 0,
      allowCancel: 0,
      allowEnd: 1,
      allowExtend: 1,
    });
    vi.mocked(changeBooking).mockRejectedValueOnce(
      new ApiError('Время брони уже закончилось.', 'server', 409, 'booking_closed'),
    );
    renderAt('/booking_result', { booking: running });
    fireEvent.click(screen.getByRole('button', { name: 'Завершить бронь' }));
    await settle();
    await answerDialog('Завершить бронь');
    expect(dialog()).toMatchObject({ title: ERROR_TITLE, message: 'Время брони уже закончилось.' });
    await answerDialog(null);
    expect(location.pathname).toBe('/booking_result');

    vi.mocked(changeBooking).mockResolvedValueOnce({
      booking: { ...running, status: 'ended' },
      message: 'Бронь завершена.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Завершить бронь' }));
    await settle();
    await answerDialog('Завершить бронь');
    expect(changeBooking).toHaveBeenLastCalledWith(SESSION, 'end', 'Б-2411-0007');
    expect(location.pathname).toBe('/');
  });

  it('extends a running booking: the countdown runs to the new end, kept for a reload', async () => {
    const running = booking({
      timefrom: NOW.getTime() / 1000 - 600,
      timeto: NOW.getTime() / 1000 + 600,
      isnew: 0,
      allowCancel: 0,
      allowEnd: 1,
      allowExtend: 1,
    });
    vi.mocked(changeBooking).mockResolvedValue({
      booking: { ...running, timeto: running.timeto + 1800, cntminutes: 50 },
      message: 'Бронь продлена до 18:40.',
    });
    renderAt('/booking_result', { booking: running });
    expect(screen.getByRole('timer').textContent).toBe('10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Продлить на 30 минут' }));
    await settle();
    expect(changeBooking).toHaveBeenCalledWith(SESSION, 'extend', 'Б-2411-0007');
    expect(screen.getByRole('timer').textContent).toBe('40:00');
    expect(screen.getByRole('status').textContent).toBe('Бронь продлена до 18:40.');
    expect((history.state as { booking: BookingView }).booking.timeto).toBe(running.timeto + 1800);
  });

  it('shows the booking as the server keeps it now (extended on another device)', async () => {
    const running = booking({
      timefrom: NOW.getTime() / 1000 - 600,
      timeto: NOW.getTime() / 1000 + 600,
      isnew: 0,
      allowCancel: 0,
      allowEnd: 1,
      allowExtend: 1,
    });
    vi.mocked(loadActiveBookings).mockResolvedValue([
      { ...running, timeto: running.timeto + 1800, message: 'Бронь идёт. Приятного вечера!' },
    ]);
    renderAt('/booking_result', { booking: running });
    await settle();
    expect(screen.getByRole('timer').textContent).toBe('40:00');
    expect(screen.getByText('Бронь идёт. Приятного вечера!')).toBeTruthy();
  });

  it("opened again after the booking started, says so from the first paint; the server's answer does not move the summary", async () => {
    // The history state was answered before the start (a reload during the booking): the server
    // now words it as running, by the same rule, so the page is already right before it answers.
    const before = booking({ timefrom: NOW.getTime() / 1000 - 600, timeto: NOW.getTime() / 1000 + 3000 });
    let answer: (items: BookingView[]) => void = () => undefined;
    vi.mocked(loadActiveBookings).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/booking_result', { booking: before });
    const message = screen.getByText('Бронь идёт. Приятного вечера!');
    expect(screen.queryByText(/Стол №3 забронирован/)).toBeNull();
    answer([
      { ...before, isnew: 0, allowCancel: 0, allowEnd: 1, allowExtend: 1, message: 'Бронь идёт. Приятного вечера!' },
    ]);
    await settle();
    expect(screen.getByText('Бронь идёт. Приятного вечера!')).toBe(message);
  });

  it('orders dishes from the booking: the restaurant’s menu at the table, with the booking and its time', async () => {
    renderAt('/booking_result', { booking: booking() });
    fireEvent.click(screen.getByRole('button', { name: 'Заказать блюда к столу' }));
    await settle();
    expect(location.pathname).toBe('/menu/1/inrest');
    const state = appSnapshot();
    expect(state.orderType).toBe('inrest');
    expect(state.restaurant?.id).toBe('1');
    expect(state.checkout.table).toBe('3');
    expect(state.checkout.booking).toEqual({ num: 'Б-2411-0007', minSum: 200_000 });
    expect(state.checkout.deliveryDateTime).toEqual({
      deliveryDate: '24.11.2026',
      deliveryTime: '19:00',
      isTimePeriods: false,
    });
  });
});
