import * as z from 'zod/mini';
import { ACCEPTED_PHOTO_TYPES } from '@chain/domain';

// Photos a manager uploads in the back office (issue 31): a dish's in «Меню», a restaurant's in
// «Рестораны». One path for both (decision 041's re-encoding, decision 034's renditions): the
// upload call answers where the server's own copy is (`/media/uploads/{hash}.jpg`), and the form
// names that path in its versioned save.

/** Bounds of a photo as uploaded and as kept. */
export const STAFF_PHOTO_LIMITS = {
  /** At most 8 MB as uploaded, 25 million pixels (the size its header declares). */
  bytes: 8 * 1024 * 1024,
  pixels: 25_000_000,
  /** What is kept: the server's own JPEG, at most this long a side (the widest rendition is 1280). */
  side: 1600,
  quality: 85,
  /** The longest picture path a form saves ('' for none). */
  path: 200,
} as const;

/** The types a manager may upload, as a file input's `accept`. */
export const STAFF_PHOTO_ACCEPT = ACCEPTED_PHOTO_TYPES.join(',');

/** Refusals of a photo (the server's, after «Фото: », and the screens' before anything is sent). */
export const STAFF_PHOTO_TEXTS = {
  notPicture: 'Фото должно быть картинкой JPEG, PNG или GIF.',
  tooLarge: `Фото больше ${STAFF_PHOTO_LIMITS.bytes / 1024 / 1024} МБ.`,
  tooManyPixels: `Фото больше ${STAFF_PHOTO_LIMITS.pixels / 1_000_000} млн пикселей.`,
  damaged: 'Фото повреждено или не читается.',
  uploading: 'Загружаем фото…',
  uploaded: 'Фото загружено.',
} as const;

/** The data URL of an upload of STAFF_PHOTO_LIMITS.bytes, base64 grown by a third, and its header. */
const PHOTO_DATA_URL_MAX = Math.ceil(STAFF_PHOTO_LIMITS.bytes / 3) * 4 + 64;
/** The body limit of a photo upload call. */
export const STAFF_PHOTO_BODY_LIMIT = PHOTO_DATA_URL_MAX + 1024;

/** A picture a form saves: '' for none, else one under /media/ (an uploaded one: the upload's answer). */
export function staffPhotoPath(describe: string) {
  return z
    .string()
    .check(
      z.maxLength(STAFF_PHOTO_LIMITS.path, `не длиннее ${STAFF_PHOTO_LIMITS.path} символов`),
      z.describe(describe),
    );
}

/** What a photo upload call takes. */
export const staffPhotoUploadBody = z.object({
  data_url: z
    .string()
    .check(z.maxLength(PHOTO_DATA_URL_MAX, STAFF_PHOTO_TEXTS.tooLarge), z.describe('data:image/jpeg|png|gif;base64,…')),
});

/** What a photo upload call answers: where the server's own copy is, and its size. */
export const staffPhotoUploadResponse = z.object({
  img: z.string().check(z.describe('/media/uploads/{hash}.jpg: what the form saves')),
  width: z.int(),
  height: z.int(),
});

/** The rule of a photo upload call, for its description in the API reference. */
export const STAFF_PHOTO_RULE = `At most ${STAFF_PHOTO_LIMITS.bytes / 1024 / 1024} MB and ${STAFF_PHOTO_LIMITS.pixels / 1_000_000} million pixels (read from the header before anything is decoded). The picture is decoded and encoded again as a JPEG of at most ${STAFF_PHOTO_LIMITS.side} px a side without metadata (decision 041); that copy is kept and served at \`img\` (/media/uploads/…) and its renditions at /photos/…, never the upload. Uploading changes nothing else: the form names \`img\` in its save.`;

/** The refusals of a photo upload call, for its `errors`. */
export const STAFF_PHOTO_ERRORS = {
  photo: `not a JPEG, PNG or GIF, too large or damaged (400, e.g. «Фото: ${STAFF_PHOTO_TEXTS.damaged}»)`,
  unavailable: 'the picture was not made in time (503, try again)',
} as const;
