import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { STAFF_PHOTO_LIMITS, STAFF_PHOTO_TEXTS } from '@chain/contract';
import { isAcceptedPhotoType, MEDIA_PATH, photoSourcePath } from '@chain/domain';
import type { Database } from '../../db/types';
import { badRequest } from '../../http/errors';
import { PhotoBusyError, sniffPhotoType } from '../ratings';
import { UPLOADS_FOLDER } from './renditions';
import { hasUploadedPhoto, saveUploadedPhoto } from './repository';
import { UPLOAD_NAME } from './routes';
import { PHOTO_DATA_URL, reencodeUpload, RefusedUploadError, UPLOAD_FORMAT_OF, UploadTimeoutError } from './uploads';

// The photos managers upload in the back office (issue 31): a dish's and a restaurant's take this
// one path — the upload made into the server's own JPEG and kept by its content (decision 041),
// and the form's save naming it.

type Db = Kysely<Database> | Transaction<Database>;

/** A refusal of the photo: 400 «Фото: …» with the call's `code`. */
const refusal = (message: string, code: 'photo' | 'validation') => badRequest(`Фото: ${message}`, code);

/**
 * A photo from its data URL: the label and the first bytes must both say JPEG, PNG or GIF, at most
 * STAFF_PHOTO_LIMITS.bytes; the picture is decoded within the pixel bound and encoded again
 * (decision 041), and that copy is kept under its content's hash. Answers where it is served.
 */
export async function keepStaffPhoto(
  db: Kysely<Database>,
  staffId: number,
  dataUrl: string,
): Promise<{ img: string; width: number; height: number }> {
  const refuse = (message: string) => refusal(message, 'photo');
  const match = PHOTO_DATA_URL.exec(dataUrl.trim());
  const declared = (match?.[1] ?? '').toLowerCase();
  if (!match || !isAcceptedPhotoType(declared)) throw refuse(STAFF_PHOTO_TEXTS.notPicture);
  const data = Buffer.from(match[3] ?? '', 'base64');
  if (data.length > STAFF_PHOTO_LIMITS.bytes) throw refuse(STAFF_PHOTO_TEXTS.tooLarge);
  const actual = sniffPhotoType(data);
  if (actual === null || actual !== declared) throw refuse(STAFF_PHOTO_TEXTS.notPicture);
  let made;
  try {
    made = await reencodeUpload(data, UPLOAD_FORMAT_OF[actual], {
      maxPixels: STAFF_PHOTO_LIMITS.pixels,
      maxSide: STAFF_PHOTO_LIMITS.side,
      quality: STAFF_PHOTO_LIMITS.quality,
    });
  } catch (error) {
    if (error instanceof RefusedUploadError)
      throw refuse(error.reason === 'over_pixels' ? STAFF_PHOTO_TEXTS.tooManyPixels : STAFF_PHOTO_TEXTS.damaged);
    if (error instanceof UploadTimeoutError) throw new PhotoBusyError(error);
    throw error;
  }
  const name = `${createHash('sha256').update(made.data).digest('base64url').slice(0, 32)}.jpg`;
  if (!UPLOAD_NAME.test(name)) throw new Error(`an upload name out of its pattern: ${name}`);
  await saveUploadedPhoto(db, { name, data: made.data, width: made.width, height: made.height, createdBy: staffId });
  return { img: `${MEDIA_PATH}${UPLOADS_FOLDER}${name}`, width: made.width, height: made.height };
}

/**
 * The picture a form saves, checked: '' (none) or a picture under /media/ that renditions can be
 * made of; an uploaded one must be kept (else 400 `validation`, as a field of the form).
 */
export async function checkedStaffPhoto(db: Db, value: string): Promise<string> {
  const img = value.trim();
  if (img === '') return img;
  const source = photoSourcePath(img);
  if (source === null) throw refusal(STAFF_PHOTO_TEXTS.notPicture, 'validation');
  if (source.startsWith(UPLOADS_FOLDER) && !(await hasUploadedPhoto(db, source.slice(UPLOADS_FOLDER.length))))
    throw refusal(STAFF_PHOTO_TEXTS.damaged, 'validation');
  return img;
}
