import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_PATH, parsePhotoRendition, PHOTO_FORMATS, PHOTO_WIDTHS, PHOTOS_PATH } from '@chain/domain';
import { badRequest, notFound } from '../../http/errors';
import { etagMatches } from '../../http/etag';
import { PhotoRenditions, UnreadablePhotoError, UPLOADS_FOLDER } from './renditions';
import { uploadedPhotoBytes } from './repository';

export const PHOTO_NOT_FOUND_MESSAGE = 'Фото не найдено.';
export const PHOTO_NOT_OFFERED_MESSAGE = `Такого размера или формата фото нет: ширина ${PHOTO_WIDTHS.join(', ')} пикселей, формат ${PHOTO_FORMATS.join(' или ')}.`;

/** As /media/ is cached: the address names the source, not its content, so clients revalidate after a week. */
const CACHE_CONTROL = 'public, max-age=604800';
/** An uploaded photo's address names its content: it never changes. */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The name of a photo a manager uploaded: its content hash (issue 31, migrations 025, 033). */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]{16,64}\.jpg$/;

/**
 * GET /photos/{width}/{path under /media/}.{avif|webp} (issue 18, decision 034): a menu photo
 * rendered at one of the offered widths, made on first request and kept on disk. 400 for a width
 * or format not offered, 404 for a source that is not there (or cannot be read: logged).
 */
export function photosRoutes(options: { mediaDir: string; cacheDir: string }): FastifyPluginAsync {
  return async (app) => {
    const renditions = new PhotoRenditions({
      ...options,
      log: app.log,
      uploads: (name) => (UPLOAD_NAME.test(name) ? uploadedPhotoBytes(app.db, name) : Promise.resolve(null)),
    });
    // Photos managers uploaded (issue 31: dishes, restaurants): the server's own JPEG of each, from the database.
    app.get(`${MEDIA_PATH}${UPLOADS_FOLDER}:name`, async (request, reply) => {
      const { name } = request.params as { name: string };
      const bytes = UPLOAD_NAME.test(name) ? await uploadedPhotoBytes(app.db, name) : null;
      if (!bytes) throw notFound(PHOTO_NOT_FOUND_MESSAGE);
      return reply.header('cache-control', UPLOAD_CACHE_CONTROL).type('image/jpeg').send(bytes);
    });
    app.get(`${PHOTOS_PATH}*`, async (request, reply) => {
      const asked = parsePhotoRendition((request.params as { '*': string })['*']);
      if (!asked.ok)
        throw asked.reason === 'not-offered'
          ? badRequest(PHOTO_NOT_OFFERED_MESSAGE)
          : notFound(PHOTO_NOT_FOUND_MESSAGE);
      try {
        const rendition = await renditions.find(asked.source, asked.width, asked.format);
        if (!rendition) throw notFound(PHOTO_NOT_FOUND_MESSAGE);
        reply.header('cache-control', CACHE_CONTROL).header('etag', rendition.etag);
        if (etagMatches(request.headers['if-none-match'], rendition.etag)) return reply.status(304).send();
        return reply.type(`image/${asked.format}`).send(await rendition.bytes());
      } catch (error) {
        if (!(error instanceof UnreadablePhotoError)) throw error;
        // The chain's own file is broken or too large: the guest sees no picture, the operator is told.
        request.log.warn({ err: error }, 'menu photo source cannot be read');
        throw notFound(PHOTO_NOT_FOUND_MESSAGE);
      }
    });
  };
}
