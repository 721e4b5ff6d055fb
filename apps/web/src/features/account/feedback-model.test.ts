import { describe, expect, it } from 'vitest';
import { feedbackAddRequest, type FeedbackTopicCategory } from '@chain/contract';
import {
  chooseCategory,
  FEEDBACK_NAME_MAX_LENGTH,
  FEEDBACK_PHONE_MAX_LENGTH,
  FEEDBACK_TEXT_MAX_LENGTH,
  feedbackBody,
  feedbackFormOf,
} from './feedback-model';

const TOPICS: FeedbackTopicCategory[] = [
  {
    id: 'category:1',
    name: 'Качество блюд',
    items: [
      { id: 'topic:1', name: 'Вкус', restoran: null },
      { id: 'topic:2', name: 'Температура', restoran: null },
    ],
  },
  {
    id: 'orders',
    name: 'Мой заказ',
    items: [{ id: 'order:7', name: '№ К-001 от 20.11.2026, 1 250,00 ₽', restoran: 5 }],
  },
];

describe('Обратная связь form (SPEC 2, SPEC 5, feedback topics)', () => {
  it("bounds name, phone and the guest's text within feedback/add's limits", () => {
    const base = { phone: '79161234567', message: 'Спасибо' };
    expect(feedbackAddRequest.safeParse({ ...base, name: 'a'.repeat(FEEDBACK_NAME_MAX_LENGTH) }).success).toBe(true);
    expect(feedbackAddRequest.safeParse({ ...base, name: 'a'.repeat(FEEDBACK_NAME_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
    expect(feedbackAddRequest.safeParse({ ...base, phone: '1'.repeat(FEEDBACK_PHONE_MAX_LENGTH) }).success).toBe(true);
    expect(feedbackAddRequest.safeParse({ ...base, phone: '1'.repeat(FEEDBACK_PHONE_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
    // The longest text still fits with the longest topic line before it.
    const longest = feedbackBody(
      [{ id: 'c', name: 'К'.repeat(200), items: [{ id: 'i', name: 'И'.repeat(200), restoran: null }] }],
      { name: '', phone: '79161234567', categoryId: 'c', itemId: 'i', message: 'я'.repeat(FEEDBACK_TEXT_MAX_LENGTH) },
    );
    expect(feedbackAddRequest.safeParse(longest).success).toBe(true);
  });

  it("starts with the signed-in guest's name and masked phone, no topic and no message", () => {
    expect(feedbackFormOf({ name: 'Анна', phone: '79161234567' })).toEqual({
      name: 'Анна',
      phone: '+7 (916) 123-45-67',
      categoryId: '',
      itemId: '',
      message: '',
    });
  });

  it('chooses the first item with a category, and no item without one', () => {
    const form = feedbackFormOf({ name: '', phone: '' });
    expect(chooseCategory(TOPICS, form, 'orders')).toMatchObject({ categoryId: 'orders', itemId: 'order:7' });
    expect(chooseCategory(TOPICS, { ...form, categoryId: 'orders', itemId: 'order:7' }, '')).toMatchObject({
      categoryId: '',
      itemId: '',
    });
  });

  it('sends the topic as type, restaurant and the «Тема» line before the text', () => {
    const form = {
      name: ' Анна ',
      phone: '+7 (916) 123-45-67',
      categoryId: 'orders',
      itemId: 'order:7',
      message: ' Остыло \n',
    };
    expect(feedbackBody(TOPICS, form)).toEqual({
      name: 'Анна',
      phone: '79161234567',
      type: 'Мой заказ: № К-001 от 20.11.2026, 1 250,00 ₽',
      restoran: 5,
      message: 'Тема: Мой заказ — № К-001 от 20.11.2026, 1 250,00 ₽\n\nОстыло',
    });
    const chain = feedbackBody(TOPICS, { ...form, categoryId: 'category:1', itemId: 'topic:2' });
    expect(chain).not.toHaveProperty('restoran');
    expect(chain.type).toBe('Качество блюд: Температура');
  });

  it('sends the text alone without a topic', () => {
    expect(
      feedbackBody(TOPICS, { name: '', phone: '+7 (916) 123-45-67', categoryId: '', itemId: '', message: 'Привет' }),
    ).toEqual({
      name: '',
      phone: '79161234567',
      message: 'Привет',
    });
  });
});
