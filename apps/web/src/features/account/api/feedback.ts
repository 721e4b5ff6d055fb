import { feedbackAddCall, feedbackTopicsCall, type CallInput, type FeedbackTopicCategory } from '@chain/contract';
import { call, type RequestOptions } from '../../../api/client';
import { createQuery, type Query } from '../../../api/query-cache';
import type { User } from '../../../state/guest-store';

/*
 * Обратная связь (SPEC 2, SPEC 5, SPEC 7 feedback/add): what the message may be about
 * (feedback/topics) and sending it. A signed-in guest's id and token go with both, so the topics
 * include the guest's orders and the message is linked to the profile.
 */

export type FeedbackSession = Pick<User, 'id' | 'password'>;

/** The topics' arguments: the signed-in guest, or none (a kiosk, a guest signed out). */
export interface TopicsArgs {
  readonly session: FeedbackSession | null;
}

/** How long the topics stay fresh: the guest's last orders change as they order. */
const TOPICS_STALE_MS = 60_000;

function credentials(session: FeedbackSession | null): { user_id?: string; token?: string } {
  return session ? { user_id: session.id, token: session.password } : {};
}

/** POST /api/v1/feedback/topics: the categories and their items, keyed by the guest. */
export function createFeedbackTopicsQuery(send: typeof call): Query<TopicsArgs, FeedbackTopicCategory[]> {
  return createQuery<TopicsArgs, FeedbackTopicCategory[]>({
    key: (args) => args.session?.id ?? '',
    keep: 2,
    staleTime: TOPICS_STALE_MS,
    load: async (args) => (await send(feedbackTopicsCall, credentials(args.session))).categories,
  });
}

export const feedbackTopicsQuery = createFeedbackTopicsQuery(call);

/** What feedback/add takes besides the credentials. */
export type FeedbackBody = Omit<CallInput<typeof feedbackAddCall>, 'user_id' | 'token'>;

/** POST /api/v1/feedback/add. Resolves when the message is stored. */
export async function sendFeedback(
  session: FeedbackSession | null,
  body: FeedbackBody,
  options?: RequestOptions,
): Promise<void> {
  await call(feedbackAddCall, { ...body, ...credentials(session) }, options);
}
