import { MAX_RATING_PHOTO_BYTES, RATING_PHOTO_JPEG_QUALITY, RATING_PHOTO_MAX_SIDE } from '@chain/contract';
import { isAcceptedPhotoType } from '@chain/domain';

/*
 * A rating's photos are made smaller on the phone before upload (SPEC 5: jpeg, png or gif; the
 * server takes up to 2 MB each). The plan is pure and tested; preparePhoto runs it with a canvas.
 */

/** The longest side a photo keeps: plenty for a phone screen, a fraction of a camera's picture. */
export const PHOTO_MAX_SIDE = RATING_PHOTO_MAX_SIDE;
/** The JPEG quality of a re-encoded photo (the server's own, so its second encoding loses next to nothing), and the lower one tried when the first is still too large. */
export const PHOTO_QUALITY = RATING_PHOTO_JPEG_QUALITY / 100;
export const PHOTO_FALLBACK_QUALITY = 0.7;

export const PHOTO_TYPE_MESSAGE = 'Можно приложить только фото в формате JPEG, PNG или GIF.';
export const PHOTO_TOO_LARGE_MESSAGE = 'Фото слишком большое даже после уменьшения. Выберите другое.';
export const PHOTO_UNREADABLE_MESSAGE = 'Не удалось открыть фото. Выберите другое.';

/** The size a picture of width × height gets so that its longer side is at most maxSide (never enlarged). */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSide || longer <= 0) return { width, height };
  const scale = maxSide / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** What to do with a chosen file before the decoding: refuse it at once, or go on. */
export function checkPhotoFile(file: { readonly type: string; readonly size: number }): string | null {
  if (!isAcceptedPhotoType(file.type)) return PHOTO_TYPE_MESSAGE;
  return null;
}

export type PhotoPlan =
  | { readonly kind: 'refuse'; readonly message: string }
  /** Draw it at width × height on white and encode as JPEG at this quality. */
  | { readonly kind: 'reencode'; readonly width: number; readonly height: number; readonly quality: number };

/**
 * The plan for a photo of this type, byte size and picture size: every jpeg, png and gif is
 * drawn at most PHOTO_MAX_SIDE long and encoded as JPEG 0.85 — a small jpeg too: drawing it
 * again drops its EXIF data, the place where it was taken among them, which the guest never
 * meant to send; a gif by its first frame, which is all the server keeps of it (decision 041).
 */
export function photoPlan(file: {
  readonly type: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
}): PhotoPlan {
  const refusal = checkPhotoFile(file);
  if (refusal !== null) return { kind: 'refuse', message: refusal };
  const fitted = fitWithin(file.width, file.height);
  return { kind: 'reencode', width: fitted.width, height: fitted.height, quality: PHOTO_QUALITY };
}

/** Whether an encoded photo may be sent: within the server's 2 MB. */
export function fitsUploadLimit(bytes: number): boolean {
  return bytes > 0 && bytes <= MAX_RATING_PHOTO_BYTES;
}

/** A photo ready for rate/add: its data URL, and a name for the preview's text. */
export interface PreparedPhoto {
  readonly dataUrl: string;
  readonly name: string;
  readonly bytes: number;
}

/** A refusal the guest reads (a type, a size, a picture that does not open). */
export class PhotoRefused extends Error {
  override readonly name = 'PhotoRefused';
}

/**
 * The chosen file made ready for upload by its plan: drawn (smaller) on a canvas and encoded as JPEG (a lower quality once when still over 2 MB). Refusals throw PhotoRefused.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const refusal = checkPhotoFile(file);
  if (refusal !== null) throw new PhotoRefused(refusal);
  let picture: ImageBitmap;
  try {
    picture = await createImageBitmap(file);
  } catch {
    throw new PhotoRefused(PHOTO_UNREADABLE_MESSAGE);
  }
  try {
    const plan = photoPlan({ type: file.type, size: file.size, width: picture.width, height: picture.height });
    if (plan.kind === 'refuse') throw new PhotoRefused(plan.message);
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (context === null) throw new PhotoRefused(PHOTO_UNREADABLE_MESSAGE);
    // A png's transparent parts would turn black in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, plan.width, plan.height);
    context.drawImage(picture, 0, 0, plan.width, plan.height);
    let blob = await canvasBlob(canvas, plan.quality);
    if (!fitsUploadLimit(blob.size)) blob = await canvasBlob(canvas, PHOTO_FALLBACK_QUALITY);
    if (!fitsUploadLimit(blob.size)) throw new PhotoRefused(PHOTO_TOO_LARGE_MESSAGE);
    return { dataUrl: await readDataUrl(blob), name: file.name, bytes: blob.size };
  } finally {
    picture.close();
  }
}

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoRefused(PHOTO_UNREADABLE_MESSAGE))),
      'image/jpeg',
      quality,
    );
  });
}

function readDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new PhotoRefused(PHOTO_UNREADABLE_MESSAGE));
    reader.onerror = () => reject(new PhotoRefused(PHOTO_UNREADABLE_MESSAGE));
    reader.readAsDataURL(blob);
  });
}
