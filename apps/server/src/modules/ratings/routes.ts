import type { FastifyPluginAsync } from 'fastify';
import { RATE_ADD_BODY_LIMIT, rateAddCall, rateListCall, ratePhotoCall } from '@chain/contract';
import { notFound } from '../../http/errors';
import { consumeRateLimits } from '../../http/rate-limit';
import { registerCall } from '../../http/route';
import { isLinkSignatureValid } from '../../http/signed-links';
import { findPhoto } from './repository';
import { addRating, listRatings } from './service';

/** Ratings by one user: plenty for a person rating a few orders, a wall for a script. */
const RATINGS_PER_USER = { limit: 30, windowSeconds: 600 };

/**
 * Ratings (SPEC 7 rate/add, rate/list) and their photos behind signed links. rate/add takes
 * photos as data URLs in JSON, so its body may be larger than the 1 MB of the other calls.
 */
export const ratingsRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    rateAddCall,
    async ({ body, user }) => {
      await consumeRateLimits(app.db, [{ key: `rate:user:${user.id}`, ...RATINGS_PER_USER, message: 'Слишком много оценок подряд. Попробуйте позже.' }]);
      await addRating(app.db, user.id, body);
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
    if (!isLinkSignatureValid(app.config.authSecret, 'rating-photo', params.id, sig)) throw notFound('Фото не найдено.');
    const photo = await findPhoto(app.db, params.id);
    if (!photo) throw notFound('Фото не найдено.');
    return reply
      .type(photo.mime)
      .header('content-disposition', 'inline')
      // A photo never changes once uploaded; the link is personal.
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(Buffer.from(photo.data));
  });
};
