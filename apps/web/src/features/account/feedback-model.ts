import {
  FEEDBACK_TEXT_MAX_LENGTH,
  feedbackTopicMessage,
  feedbackTopicType,
  type FeedbackTopicCategory,
  type FeedbackTopicItem,
} from '@chain/contract';
import { formatPhoneInput, phoneDigits } from '@chain/domain';
import type { User } from '../../state/guest-store';
import type { FeedbackBody } from './api/feedback';

/*
 * Обратная связь's form (SPEC 2 Feedback, SPEC 5): name and phone from the signed-in guest, the
 * topic as a category and one of its items (feedback/topics), and the message; what
 * feedback/add is sent for it (the contract's topic rule: type, restoran, the «Тема: …» line).
 */

export interface FeedbackForm {
  readonly name: string;
  readonly phone: string;
  /** The chosen category's id; '' for none. */
  readonly categoryId: string;
  /** The chosen item's id within the category; '' for none. */
  readonly itemId: string;
  readonly message: string;
}

/** feedback/add's longest name and the guest's longest text (feedbackAddRequest). */
export const FEEDBACK_NAME_MAX_LENGTH = 100;
export const FEEDBACK_PHONE_MAX_LENGTH = 40;
export { FEEDBACK_TEXT_MAX_LENGTH };

/** A new form: the signed-in guest's name and phone (with its +7 mask), no topic, no message. */
export function feedbackFormOf(user: Pick<User, 'name' | 'phone'>): FeedbackForm {
  return { name: user.name, phone: formatPhoneInput(user.phone), categoryId: '', itemId: '', message: '' };
}

/** The chosen category and item, when both are among the topics. */
export function chosenTopic(
  categories: readonly FeedbackTopicCategory[],
  form: Pick<FeedbackForm, 'categoryId' | 'itemId'>,
): { category: FeedbackTopicCategory; item: FeedbackTopicItem } | null {
  const category = categories.find((entry) => entry.id === form.categoryId);
  const item = category?.items.find((entry) => entry.id === form.itemId);
  return category && item ? { category, item } : null;
}

/** A category chosen: its first item is chosen with it (the item select always names one); none: no item. */
export function chooseCategory(
  categories: readonly FeedbackTopicCategory[],
  form: FeedbackForm,
  categoryId: string,
): FeedbackForm {
  const category = categories.find((entry) => entry.id === categoryId);
  return { ...form, categoryId: category?.id ?? '', itemId: category?.items[0]?.id ?? '' };
}

/**
 * feedback/add's fields: name, the phone as 11 digits (as typed when it is not, so the server's
 * SPEC 5 answer names it), and with a topic `type` «<category>: <item>», `restoran` the item's
 * restaurant and the message after the line «Тема: <category> — <item>».
 */
export function feedbackBody(categories: readonly FeedbackTopicCategory[], form: FeedbackForm): FeedbackBody {
  const text = form.message.trim();
  const base = { name: form.name.trim(), phone: phoneDigits(form.phone) ?? form.phone.trim() };
  const topic = chosenTopic(categories, form);
  if (!topic) return { ...base, message: text };
  const { category, item } = topic;
  return {
    ...base,
    type: feedbackTopicType(category.name, item.name),
    ...(item.restoran !== null ? { restoran: item.restoran } : {}),
    message: feedbackTopicMessage(category.name, item.name, text),
  };
}
