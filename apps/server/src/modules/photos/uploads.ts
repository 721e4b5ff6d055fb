import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { Gate, GateBusyError } from './renditions';

/*
 * Pictures that strangers send (decision 041). Nothing of them is kept or served as it came:
 * the size the file declares is read from its header first and a picture over the pixel bound is
 * refused before a single pixel is decoded; what is under it is decoded (a few at a time per
 * instance, within a time bound) and encoded again by the server, without any of its metadata.
 * Every upload path of the server goes through reencodeUpload (today: rating photos).
 */

/** The formats an upload may be (SPEC 5: jpeg, png or gif), as its first bytes tell. */
export type UploadFormat = 'jpeg' | 'png' | 'gif';

/** A picture sent in a JSON body as a data URL (`data:image/png;base64,…`): its label, parameters and base64. */
export const PHOTO_DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w.+-]+=[\w.+-]+)*);base64,([A-Za-z0-9+/\r\n]*={0,2})$/;

/** The format reencodeUpload reads, by the type an upload's first bytes show. */
export const UPLOAD_FORMAT_OF = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
} as const satisfies Record<string, UploadFormat>;

/** What an upload path allows and keeps: the most pixels a file may declare, the longest side and the JPEG quality kept. */
export interface UploadRecipe {
  maxPixels: number;
  maxSide: number;
  quality: number;
}

/** A picture not made within this many seconds is given up (503): the bound on one upload's decoding. */
export const UPLOAD_TIMEOUT_SECONDS = 10;

/** Pictures decoded at once by this instance: half the cores, at least one (as menu renditions). */
const DECODERS = Math.max(1, Math.floor(availableParallelism() / 2));
const gate = new Gate(DECODERS);
/**
 * How many uploads may wait for a decoder, and how long: past either, an upload is a 503 at once
 * (UploadTimeoutError) instead of a queue that grows without end behind one burst. With the
 * decoding's own bound, one picture is made or refused within twice UPLOAD_TIMEOUT_SECONDS.
 */
const WAIT_BOUND = { maxQueued: 8 * DECODERS, maxWaitMs: UPLOAD_TIMEOUT_SECONDS * 1000 };

/** An upload the server will not keep: it does not decode as its format, or declares more pixels than allowed. */
export class RefusedUploadError extends Error {
  constructor(
    readonly reason: 'damaged' | 'over_pixels',
    detail: string,
    /** The size the file declares, when it declares one. */
    readonly width = 0,
    readonly height = 0,
  ) {
    super(`upload refused (${reason}): ${detail}`);
    this.name = 'RefusedUploadError';
  }
}

/** An upload not made within UPLOAD_TIMEOUT_SECONDS: the server's limit, not the client's fault; it may try again. */
export class UploadTimeoutError extends Error {
  constructor(detail: string) {
    super(`upload not made in ${UPLOAD_TIMEOUT_SECONDS} s: ${detail}`);
    this.name = 'UploadTimeoutError';
  }
}

/** What the server keeps of an upload: a JPEG it encoded itself, and its size. */
export interface ReencodedUpload {
  mime: 'image/jpeg';
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The upload (already known by its first bytes to be `format`) decoded and encoded again: the
 * first frame of a GIF, turned by its EXIF orientation, transparency on white, in sRGB, at most
 * `maxSide` a side (never enlarged), as a progressive JPEG with no metadata at all (EXIF, GPS,
 * ICC, XMP, comments). Throws RefusedUploadError for what does not decode as `format` or
 * declares more than `maxPixels`, UploadTimeoutError when the decoding takes too long.
 */
export async function reencodeUpload(
  bytes: Buffer,
  format: UploadFormat,
  { maxPixels, maxSide, quality }: UploadRecipe,
): Promise<ReencodedUpload> {
  const declared = await declaredSize(bytes, format, maxPixels);
  if (declared.width * declared.height > maxPixels) {
    throw new RefusedUploadError(
      'over_pixels',
      `${declared.width} × ${declared.height}`,
      declared.width,
      declared.height,
    );
  }
  const decode = async () => {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', pages: 1 })
        .autoOrient()
        .flatten({ background: '#ffffff' })
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality, progressive: true })
        .timeout({ seconds: UPLOAD_TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true });
      return { mime: 'image/jpeg' as const, data, width: info.width, height: info.height };
    } catch (error) {
      throw refusal(error, declared);
    }
  };
  try {
    return await gate.run(decode, WAIT_BOUND);
  } catch (error) {
    if (error instanceof GateBusyError) throw new UploadTimeoutError(error.message);
    throw error;
  }
}

/**
 * The size the file declares, read from its header only (nothing is decoded): sharp's reading of
 * it, and for a GIF also its logical screen, which a viewer may allocate whatever the frames are
 * (a 65 535² screen around a 1 × 1 frame). A header that does not read as `format` is damaged.
 */
async function declaredSize(
  bytes: Buffer,
  format: UploadFormat,
  maxPixels: number,
): Promise<{ width: number; height: number }> {
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
    if (metadata.format !== format)
      throw new RefusedUploadError('damaged', `reads as ${metadata.format}, not ${format}`);
    ({ width, height } = metadata);
  } catch (error) {
    throw refusal(error, { width: 0, height: 0 });
  }
  if (format === 'gif' && bytes.length >= 10) {
    const screenWidth = bytes.readUInt16LE(6);
    const screenHeight = bytes.readUInt16LE(8);
    if (screenWidth * screenHeight > maxPixels) return { width: screenWidth, height: screenHeight };
  }
  return { width, height };
}

/** sharp's failure as this module's error: over the pixel limit, out of time, or else damaged. */
function refusal(error: unknown, declared: { width: number; height: number }): Error {
  if (error instanceof RefusedUploadError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (/exceeds pixel limit/i.test(detail))
    return new RefusedUploadError('over_pixels', detail, declared.width, declared.height);
  if (/^timeout/i.test(detail)) return new UploadTimeoutError(detail);
  return new RefusedUploadError('damaged', detail);
}
