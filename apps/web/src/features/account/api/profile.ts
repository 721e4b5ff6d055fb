import { dropAccountCall, userUpdateCall } from '@chain/contract';
import { toStoredUser } from '../../../api/auth';
import { call, type RequestOptions } from '../../../api/client';
import type { User } from '../../../state/guest-store';

/*
 * Мой профиль (SPEC 5 profile save and account deletion, SPEC 7 user/update, user/drop_account):
 * the calls carry the signed-in guest's id and token (`password`). Failures arrive as ApiError
 * with the server's Russian text or SPEC 8's request-failed text.
 */

export type ProfileSession = Pick<User, 'id' | 'password'>;

/** The fields of the profile form (SPEC 3 User). */
export type ProfileFieldName = 'name' | 'phone' | 'email' | 'card' | 'city' | 'street' | 'house' | 'room';

/** What the profile form sends: every field, so an emptied field is emptied on the server too. */
export type ProfileFields = Record<ProfileFieldName, string>;

/** POST /api/v1/user/update: the saved user as the app keeps it (its token included). */
export async function saveProfile(
  session: ProfileSession,
  fields: ProfileFields,
  options?: RequestOptions,
): Promise<User> {
  const answer = await call(userUpdateCall, { id: session.id, password: session.password, ...fields }, options);
  return toStoredUser(answer.user);
}

/**
 * POST /api/v1/user/drop_account. Resolves when the profile is deleted; an answer without a user
 * (SPEC 5) does not parse and arrives as an ApiError of kind 'invalid'.
 */
export async function dropAccount(session: ProfileSession, options?: RequestOptions): Promise<void> {
  await call(dropAccountCall, { id: session.id, password: session.password }, options);
}
