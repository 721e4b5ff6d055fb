import type { FastifyPluginAsync } from 'fastify';
import {
  addressDeleteCall,
  addressListCall,
  addressSaveCall,
  dropAccountCall,
  FEEDBACK_ADDED,
  feedbackAddCall,
  logoutCall,
  SIGNED_OUT_USER,
  userUpdateCall,
} from '@chain/contract';
import { addressLimitKey } from '../../http/client-address';
import { consumeRateLimits } from '../../http/rate-limit';
import { registerCall } from '../../http/route';
import { authenticate, revokeSession } from '../auth/sessions';
import { addFeedback, anonymiseUser, listAddresses, removeAddress, saveAddress, updateProfile } from './service';

/** Feedback from one address: enough for a person, a wall for a script. */
const FEEDBACK_PER_IP = { limit: 10, windowSeconds: 600 };
const FEEDBACK_RATE_MESSAGE = 'Слишком много сообщений. Попробуйте позже.';

/**
 * The account calls of SPEC 7: profile, account deletion, sign-out, saved addresses and
 * feedback. Every user-scoped call first proves user id + session token (authenticate), so
 * another user's id or a wrong token is a 401 before anything is read.
 */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, userUpdateCall, async ({ body }) => {
    const user = await authenticate(app.db, body.id, body.password);
    return { success: true as const, user: await updateProfile(app.db, user, body.password, body) };
  });

  registerCall(app, dropAccountCall, async ({ body }) => {
    const user = await authenticate(app.db, body.id, body.password);
    await anonymiseUser(app.db, user.id);
    return { success: true as const, user: SIGNED_OUT_USER };
  });

  registerCall(app, logoutCall, async ({ body }) => {
    await authenticate(app.db, body.user_id, body.token);
    await revokeSession(app.db, body.token);
    return { success: true as const };
  });

  registerCall(app, addressSaveCall, async ({ body }) => {
    const user = await authenticate(app.db, body.user_id, body.user_token);
    return { success: true as const, result: { id: await saveAddress(app.db, user.id, body.address) } };
  });

  registerCall(app, addressListCall, async ({ body }) => {
    const user = await authenticate(app.db, body.user_id, body.user_token);
    return { success: true as const, result: await listAddresses(app.db, user.id, body.id) };
  });

  registerCall(app, addressDeleteCall, async ({ body }) => {
    const user = await authenticate(app.db, body.user_id, body.user_token);
    await removeAddress(app.db, user.id, body.id);
    return { success: true as const };
  });

  registerCall(app, feedbackAddCall, async ({ body, request }) => {
    await consumeRateLimits(app.db, [{ key: addressLimitKey('feedback', request.ip), ...FEEDBACK_PER_IP, message: FEEDBACK_RATE_MESSAGE }]);
    // A signed-in guest links the feedback to the profile; a half-given or wrong pair is refused
    // rather than quietly stored as anonymous.
    const signedIn = body.user_id !== undefined || (body.token ?? '') !== '';
    const user = signedIn ? await authenticate(app.db, body.user_id, body.token) : null;
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
};
