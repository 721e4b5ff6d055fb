// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackTopicCategory } from '@chain/contract';
import { ERROR_TITLE, FEEDBACK_INCOMPLETE, FEEDBACK_SENT } from '@chain/domain';
import { ApiError } from '../../api/client';
import { EMPTY_USER } from '../../state/guest-store';
import { chromeStore, guestStore } from '../../state/store';
import { feedbackTopicsQuery, sendFeedback } from './api/feedback';
import FeedbackPage from './feedback-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('./api/feedback'), async (importOriginal) => ({
  ...(await importOriginal()),
  sendFeedback: vi.fn(),
}));

const SESSION = { id: '42', password: 'token' };
const TOPICS: FeedbackTopicCategory[] = [
  { id: 'category:1', name: 'Обслуживание', items: [{ id: 'topic:1', name: 'Вежливость', restoran: null }] },
  {
    id: 'restaurants',
    name: 'Ресторан',
    items: [
      { id: 'restaurant:1', name: 'Арбат', restoran: 1 },
      { id: 'restaurant:5', name: 'Курский', restoran: 5 },
    ],
  },
];

const dialog = () => chromeStore.getState().dialogItems[0];
const settle = () => act(async () => {});
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const send = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
  await settle();
};

describe('Обратная связь (SPEC 2 Other pages, SPEC 5)', () => {
  beforeEach(() => {
    resetAppStores();
    guestStore.getState().setUser({ ...EMPTY_USER, ...SESSION, authorized: true, name: 'Анна', phone: '79161234567' });
    feedbackTopicsQuery.set({ session: SESSION }, TOPICS);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(sendFeedback).mockReset();
  });

  it("starts with the signed-in guest's name and phone", () => {
    render(<FeedbackPage />);
    expect(field('Имя').value).toBe('Анна');
    expect(field('Телефон').value).toBe('+7 (916) 123-45-67');
  });

  it('offers the items of the chosen category only', () => {
    render(<FeedbackPage />);
    expect(field('Что именно').disabled).toBe(true);
    fireEvent.change(field('Тема'), { target: { value: 'restaurants' } });
    const items = [...screen.getByLabelText<HTMLSelectElement>('Что именно').options].map((option) => option.text);
    expect(items).toEqual(['Арбат', 'Курский']);
    expect(field('Что именно').value).toBe('restaurant:1');
  });

  it.each([
    ['without a message', '+7 (916) 123-45-67', ''],
    ['with a short phone', '+7 (916) 123', 'Привет'],
  ])('says «Внимание» / «Не заполнены поля Телефон или Сообщение!» %s', async (_case, phone, message) => {
    render(<FeedbackPage />);
    type('Телефон', phone);
    type('Сообщение', message);
    await send();
    expect(dialog()).toMatchObject(FEEDBACK_INCOMPLETE);
    expect(sendFeedback).not.toHaveBeenCalled();
  });

  it('sends the message with its topic, thanks the guest and clears the message', async () => {
    vi.mocked(sendFeedback).mockResolvedValue();
    render(<FeedbackPage />);
    fireEvent.change(field('Тема'), { target: { value: 'restaurants' } });
    fireEvent.change(field('Что именно'), { target: { value: 'restaurant:5' } });
    type('Сообщение', 'Очень вкусно');
    await send();
    expect(sendFeedback).toHaveBeenCalledWith(SESSION, {
      name: 'Анна',
      phone: '79161234567',
      type: 'Ресторан: Курский',
      restoran: 5,
      message: 'Тема: Ресторан — Курский\n\nОчень вкусно',
    });
    expect(dialog()).toMatchObject(FEEDBACK_SENT);
    expect(field('Сообщение').value).toBe('');
    expect(field('Что именно').value).toBe('restaurant:5');
  });

  it("shows the server's refusal and keeps the message", async () => {
    vi.mocked(sendFeedback).mockRejectedValue(
      new ApiError('Слишком много сообщений. Попробуйте позже.', 'server', 429, 'rate_limited'),
    );
    render(<FeedbackPage />);
    type('Сообщение', 'Привет');
    await send();
    expect(dialog()).toMatchObject({ title: ERROR_TITLE, message: 'Слишком много сообщений. Попробуйте позже.' });
    expect(field('Сообщение').value).toBe('Привет');
  });

  it('lets a guest signed out write with the public topics', () => {
    guestStore.getState().logout();
    feedbackTopicsQuery.set({ session: null }, TOPICS.slice(1));
    render(<FeedbackPage />);
    expect(field('Имя').value).toBe('');
    expect([...screen.getByLabelText<HTMLSelectElement>('Тема').options].map((option) => option.text)).toEqual([
      'Без темы',
      'Ресторан',
    ]);
  });
});
