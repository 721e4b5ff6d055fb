import type { FastifyPluginAsync } from 'fastify';
import {
  addressDeleteCall,
  addressListCall,
  addressSaveCall,
  dropAccountCall,
  FEEDBACK_ADDED,
  feedbackAddCall,
  feedbackTopicsCall,
  logoutCall,
  SIGNED_OUT_USER,
  userUpdateCall,
} from '@chain/contract';
import { addressLimitKey } from '../../http/client-address';
import { consumeRateLimits } from '../../http/rate-limit';
import { registerCall } from '../../http/route';
import { revokeSession } from '../auth';
import {
  addFeedback,
  anonymiseUser,
  feedbackTopics,
  listAddresses,
  removeAddress,
  saveAddress,
  updateProfile,
} from './service';

/** Feedback from one address: enough for a person, a wall for a script. */
const FEEDBACK_PER_IP = { limit: 10, windowSeconds: 600 };
const FEEDBACK_RATE_MESSAGE = 'Слишком много сообщений. Попробуйте позже.';

/**
 * The account calls of SPEC 7: profile, account deletion, sign-out, saved addresses and
 * feedback. Every user-scoped call is signed in by its registration from the contract's
 * `auth` and `credentials` (registerCall), so another user's id or a wrong token is a 401
 * before anything is read, and the handler is given the user.
 */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, userUpdateCall, async ({ body, user }) => {
    return { success: true as const, user: await updateProfile(app.db, user, body.password, body) };
  });

  registerCall(app, dropAccountCall, async ({ user }) => {
    await anonymiseUser(app.db, user.id);
    return { success: true as const, user: SIGNED_OUT_USER };
  });

  registerCall(app, logoutCall, async ({ body }) => {
    await revokeSession(app.db, body.token);
    return { success: true as const };
  });

  registerCall(app, addressSaveCall, async ({ body, user }) => {
    return { success: true as const, result: { id: await saveAddress(app.db, user.id, body.address) } };
  });

  registerCall(app, addressListCall, async ({ body, user }) => {
    return { success: true as const, result: await listAddresses(app.db, user.id, body.id) };
  });

  registerCall(app, addressDeleteCall, async ({ body, user }) => {
    await removeAddress(app.db, user.id, body.id);
    return { success: true as const };
  });

  // A signed-in guest links the feedback to the profile; a half-given or wrong pair is refused
  // (optional-user) rather than quietly stored as anonymous.
  registerCall(app, feedbackAddCall, async ({ body, request, user }) => {
    await consumeRateLimits(app.db, [
      { key: addressLimitKey('feedback', request.ip), ...FEEDBACK_PER_IP, message: FEEDBACK_RATE_MESSAGE },
    ]);
    await addFeedback(app.db, {
      user,
      name: body.name ?? '',
      phone: body.phone,
      message: body.message,
      restaurantId: body.restoran ?? null,
      category: body.type ?? '',
    });
    return FEEDBACK_ADDED;
  });

  // What the feedback may be about (SPEC 5): a signed-in guest also gets their own orders and
  // dishes; the answer is personal then (a request with credentials is never cached).
  registerCall(app, feedbackTopicsCall, async ({ user }) => {
    return { success: true as const, categories: await feedbackTopics(app.db, user) };
  });
};
