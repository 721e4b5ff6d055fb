// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FOLLOW_LINK_EXPIRED_MESSAGE,
  FOLLOW_LINK_INVALID_MESSAGE,
  FOLLOW_POLL_MS,
  isOrderSettled,
} from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { loadOrderFollow, type OrderFollow } from './api';
import { followProblemOf } from './follow-model';
import { statusTextColour } from '../../ui/colour';
import FollowPage from './follow-page';
import { stepName } from '../../ui/order-progress';

vi.mock('./api', () => ({ loadOrderFollow: vi.fn() }));
const load = vi.mocked(loadOrderFollow);

const order = (fields: Partial<OrderFollow> = {}): OrderFollow => ({
  number: 'К-017',
  status: 30,
  status_text: 'Готовится',
  status_color: '#FF2E7D32',
  paid: 1,
  type: 'inrest',
  progressBarData: {
    step: 2,
    text: 'Готовим ваш заказ',
    steps: [
      { icon: 'payment', state: 'done' },
      { icon: 'kitchen', state: 'current' },
      { icon: 'pickup', state: 'pending' },
      { icon: 'final', state: 'pending' },
    ],
  },
  expires_at: '2026-11-24T17:00:00.000Z',
  ...fields,
});
const serverError = (status: number, message: string) => new ApiError(message, 'server', status);

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};
const settle = () => act(async () => {});
const renderFollow = async (token = '501.lz3k9c.sig') => {
  render(
    <Router hook={memoryLocation({ path: `/follow/${token}` }).hook}>
      <Route path="/follow/:token" component={FollowPage} />
    </Router>,
  );
  await settle();
};
const tick = (ms = FOLLOW_POLL_MS) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('follow page (issue 14: /follow/{token})', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    load.mockReset();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the number, the status in its colour and the progress steps with names, and nothing else', async () => {
    load.mockResolvedValue(order());
    await renderFollow();
    expect(load).toHaveBeenCalledWith('501.lz3k9c.sig', expect.anything());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ЗаказК-017');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Готовится');
    expect((status.lastElementChild as HTMLElement).style.color).toBe('#2e7d32');
    expect(screen.getByText('Готовим ваш заказ')).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual(['Оплата: пройдено', 'Готовим: сейчас', 'Подача: впереди', 'Готово: впереди']);
    expect(screen.getAllByRole('listitem')[1]!.getAttribute('aria-current')).toBe('step');
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('refreshes every 10 s while visible, not while hidden, at once on coming back', async () => {
    load.mockResolvedValue(order());
    await renderFollow();
    await tick();
    expect(load).toHaveBeenCalledTimes(2);
    setVisibility('hidden');
    await tick(FOLLOW_POLL_MS * 3);
    expect(load).toHaveBeenCalledTimes(2);
    load.mockResolvedValue(order({ status: 40, status_text: 'Подаём' }));
    setVisibility('visible');
    await settle();
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('status').textContent).toBe('Подаём');
    await tick();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('stops once the order is served and paid', async () => {
    load.mockResolvedValue(order({ status: 50, status_text: 'Подан', status_color: '#FF5F6B75' }));
    await renderFollow();
    await tick(FOLLOW_POLL_MS * 3);
    setVisibility('hidden');
    setVisibility('visible');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    [404, FOLLOW_LINK_INVALID_MESSAGE],
    [410, FOLLOW_LINK_EXPIRED_MESSAGE],
  ])('a %i says why the link does not open, with no retry, and asks no more', async (status, message) => {
    load.mockRejectedValue(serverError(status, message));
    await renderFollow();
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(screen.queryByRole('button')).toBeNull();
    await tick(FOLLOW_POLL_MS * 3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a lost first answer offers «Повторить»; a lost refresh keeps the order shown', async () => {
    load.mockRejectedValueOnce(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null)).mockResolvedValueOnce(order());
    await renderFollow();
    expect(screen.getByRole('alert').textContent).toContain(REQUEST_FAILED_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(screen.getByText('К-017')).toBeTruthy();
    load
      .mockRejectedValueOnce(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null))
      .mockResolvedValue(order({ status_text: 'Подаём', status: 40 }));
    await tick();
    expect(screen.getByText('К-017')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await tick();
    expect(screen.getByRole('status').textContent).toBe('Подаём');
  });
});

describe('follow rules', () => {
  it('finishes on a served and paid order or a cancelled one', () => {
    expect(isOrderSettled({ status: 50, paid: 1 })).toBe(true);
    expect(isOrderSettled({ status: 90, paid: 0 })).toBe(true);
    expect(isOrderSettled({ status: 50, paid: 0 })).toBe(false);
    expect(isOrderSettled({ status: 40, paid: 1 })).toBe(false);
  });

  it('reads 404, 400 and 410 as a link that will not open, anything else as a retry', () => {
    expect(followProblemOf(serverError(404, 'x'))).toEqual({ kind: 'gone', message: FOLLOW_LINK_INVALID_MESSAGE });
    expect(followProblemOf(serverError(400, 'x'))).toEqual({ kind: 'gone', message: FOLLOW_LINK_INVALID_MESSAGE });
    expect(followProblemOf(serverError(410, 'x'))).toEqual({ kind: 'gone', message: FOLLOW_LINK_EXPIRED_MESSAGE });
    expect(followProblemOf(serverError(500, 'x'))).toEqual({ kind: 'failed', message: REQUEST_FAILED_MESSAGE });
    expect(followProblemOf(new Error('boom'))).toEqual({ kind: 'failed', message: REQUEST_FAILED_MESSAGE });
  });

  it('reads the status colour through SPEC 9, darkened to 4.5:1 on white when needed', () => {
    expect(statusTextColour('#FF2E7D32')).toBe('#2e7d32');
    expect(statusTextColour('#FFB26B00')).not.toBe('#b26b00');
    expect(statusTextColour('not a colour')).toBeNull();
  });

  it('names the pickup step by the order type', () => {
    expect(stepName('pickup', 'inrest')).toBe('Подача');
    expect(stepName('pickup', 'self')).toBe('Выдача');
  });
});
