import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RATE_ADD_BODY_LIMIT, rateAddCall, rateListCall, ratePhotoCall } from '@chain/contract';
import { notFound } from '../../http/errors';
import { consumeRateLimits, giveBackRateLimits, type RateLimitRule } from '../../http/rate-limit';
import { registerCall } from '../../http/route';
import { isLinkSignatureValid } from '../../http/signed-links';
import { PHOTO_RETRY_AFTER_SECONDS, PhotoBusyError } from './photos';
import { addRating, listRatings, servablePhoto } from './service';

/**
 * The refused rate/add tries of one user (an order not theirs, a dish not in it, a bad photo, a
 * second rating): plenty for a person, a wall for a script. A rating kept gives its try back:
 * every order, dish and option is rated once, so what is kept is bounded by the order's own
 * lines, and an order of any size is rated whole, one call a dish (issue 15).
 */
export const REFUSED_RATINGS_PER_USER = { limit: 30, windowSeconds: 600 };
export const RATINGS_RATE_MESSAGE = 'Слишком много оценок подряд. Попробуйте позже.';

const ratingLimits = (userId: number): RateLimitRule[] => [
  { key: `rate:user:${userId}`, ...REFUSED_RATINGS_PER_USER, message: RATINGS_RATE_MESSAGE },
];

/** The error as thrown; a photo not made in time (503) tells the client when to send the same request again. */
function retryLater(reply: FastifyReply, error: unknown): unknown {
  if (error instanceof PhotoBusyError) reply.header('retry-after', String(PHOTO_RETRY_AFTER_SECONDS));
  return error;
}

/**
 * Ratings (SPEC 7 rate/add, rate/list) and their photos behind signed links. rate/add takes
 * photos as data URLs in JSON, so its body may be larger than the 1 MB of the other calls.
 */
export const ratingsRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    rateAddCall,
    async ({ body, user, reply }) => {
      // Counted before the work, in one atomic statement, so a burst cannot have more tries looked at than the allowance.
      const limits = ratingLimits(user.id);
      const now = new Date();
      await consumeRateLimits(app.db, limits, now);
      try {
        await addRating(app.db, user.id, body);
      } catch (error) {
        // A photo not made in time is the server's limit, not the guest's fault: the try is given back.
        if (error instanceof PhotoBusyError) await giveBackRateLimits(app.db, limits, now);
        throw retryLater(reply, error);
      }
      await giveBackRateLimits(app.db, limits, now);
      return { success: true as const };
    },
    { bodyLimit: RATE_ADD_BODY_LIMIT },
  );

  registerCall(app, rateListCall, async ({ body, user }) => {
    return { success: true as const, items: await listRatings(app.db, app.config.authSecret, user.id, body) };
  });

  registerCall(app, ratePhotoCall, async ({ params, request, reply }) => {
    const { sig } = request.query as Record<string, unknown>;
    // A wrong signature looks exactly like a photo that does not exist.
    if (!isLinkSignatureValid(app.config.authSecret, 'rating-photo', params.id, sig))
      throw notFound('Фото не найдено.');
    // Only what the server encoded itself is ever served (decision 041).
    const photo = await servablePhoto(app.db, params.id, request.log).catch((error: unknown) => {
      throw retryLater(reply, error);
    });
    if (!photo) throw notFound('Фото не найдено.');
    return (
      reply
        .type(photo.mime)
        .header('content-disposition', 'inline')
        // A photo never changes once uploaded; the link is personal.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(Buffer.from(photo.data))
    );
  });
};
