import {
  MAX_RATING_PHOTO_BYTES,
  MAX_RATING_PHOTO_PIXELS,
  RATING_PHOTO_JPEG_QUALITY,
  RATING_PHOTO_MAX_SIDE,
  RATING_PHOTO_REFUSALS,
  ratingPhotoRefusal,
} from '@chain/contract';
import { isAcceptedPhotoType } from '@chain/domain';
import { AppError, badRequest, MESSAGES } from '../../http/errors';
import {
  PHOTO_DATA_URL,
  reencodeUpload,
  RefusedUploadError,
  UPLOAD_FORMAT_OF,
  type UploadRecipe,
  UploadTimeoutError,
} from '../photos';

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/gif';

/** A rating photo as the server keeps it: always what it encoded itself (decision 041). */
export interface DecodedPhoto {
  mime: 'image/jpeg';
  data: Buffer;
}

/** Seconds a client waits before sending again a photo the server could not make in time. */
export const PHOTO_RETRY_AFTER_SECONDS = 5;

/** What a rating photo may be and is kept as (SPEC 5; decisions 026, 041). */
const RATING_PHOTO_RECIPE: UploadRecipe = {
  maxPixels: MAX_RATING_PHOTO_PIXELS,
  maxSide: RATING_PHOTO_MAX_SIDE,
  quality: RATING_PHOTO_JPEG_QUALITY,
};

/** The type a picture's first bytes show (its "magic number"), or null for anything else. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // 'GIF87a' or 'GIF89a'
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  return null;
}

/** The photo was not made within the time bound: the server's limit, so a 503 the client may retry (Retry-After). */
export class PhotoBusyError extends AppError {
  constructor(cause: UploadTimeoutError) {
    super(503, 'unavailable', MESSAGES.unavailable);
    this.cause = cause;
  }
}

/**
 * A rating photo from its data URL (SPEC 5: jpeg, png or gif). The label must be one of the
 * three and the bytes must say the same (a renamed file or a script is refused), at most 2 MB;
 * then the picture must decode within MAX_RATING_PHOTO_PIXELS, and what is kept is the server's
 * own re-encoding of it (decision 041). `position` (1-based) names the photo in the 400.
 */
export async function decodePhoto(dataUrl: string, position: number): Promise<DecodedPhoto> {
  const refuse = (reason: string) => badRequest(ratingPhotoRefusal(position, reason), 'photo');
  const match = PHOTO_DATA_URL.exec(dataUrl.trim());
  if (!match) throw refuse(RATING_PHOTO_REFUSALS.notDataUrl);
  const declared = (match[1] ?? '').toLowerCase();
  if (!isAcceptedPhotoType(declared)) throw refuse(RATING_PHOTO_REFUSALS.notAccepted);
  const data = Buffer.from(match[3] ?? '', 'base64');
  if (data.length === 0) throw refuse(RATING_PHOTO_REFUSALS.empty);
  if (data.length > MAX_RATING_PHOTO_BYTES) throw refuse(RATING_PHOTO_REFUSALS.overBytes);
  const actual = sniffPhotoType(data);
  if (actual === null) throw refuse(RATING_PHOTO_REFUSALS.damaged);
  if (actual !== declared) throw refuse(RATING_PHOTO_REFUSALS.typeMismatch(declared));
  try {
    return await reencodePhoto(data, actual);
  } catch (error) {
    if (!(error instanceof RefusedUploadError)) throw error;
    throw refuse(
      error.reason === 'over_pixels'
        ? RATING_PHOTO_REFUSALS.overPixels(error.width, error.height)
        : RATING_PHOTO_REFUSALS.damaged,
    );
  }
}

/**
 * The server's own JPEG of a rating photo's bytes, for a new upload and for a photo kept as it
 * came before decision 041. RefusedUploadError when it cannot be made; PhotoBusyError when it
 * was not made in time.
 */
export async function reencodePhoto(data: Buffer, type: PhotoType): Promise<DecodedPhoto> {
  try {
    const made = await reencodeUpload(data, UPLOAD_FORMAT_OF[type], RATING_PHOTO_RECIPE);
    return { mime: made.mime, data: made.data };
  } catch (error) {
    if (error instanceof UploadTimeoutError) throw new PhotoBusyError(error);
    throw error;
  }
}
