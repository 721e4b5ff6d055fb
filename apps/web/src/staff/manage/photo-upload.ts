import { STAFF_PHOTO_LIMITS, STAFF_PHOTO_TEXTS } from '@chain/contract';
import { isAcceptedPhotoType } from '@chain/domain';

// A photo a manager picks in the back office (issue 31: a dish's, a restaurant's): what is said
// before anything is sent, and the file read for the upload call. The server checks the same
// bounds again (and the bytes, and the pixels).

/** Why a picked file cannot be a photo — the server's words — or null when it may be sent. */
export function photoFileProblem(file: Pick<Blob, 'type' | 'size'>): string | null {
  if (!isAcceptedPhotoType(file.type)) return STAFF_PHOTO_TEXTS.notPicture;
  if (file.size > STAFF_PHOTO_LIMITS.bytes) return STAFF_PHOTO_TEXTS.tooLarge;
  return null;
}

/** Reads a picked file as a data URL for the photo call. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Where the photo field is: nothing happening, sending, sent, or refused with words. */
export type PhotoUploadState =
  { kind: 'idle' } | { kind: 'uploading' } | { kind: 'uploaded' } | { kind: 'refused'; message: string };

/** What the field says in each state. */
export function photoStateText(state: PhotoUploadState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'uploading':
      return STAFF_PHOTO_TEXTS.uploading;
    case 'uploaded':
      return STAFF_PHOTO_TEXTS.uploaded;
    case 'refused':
      return state.message;
  }
}

/** How a photo reads where a 409 lists what another manager saved: whether there is one now. */
export function photoValueText(img: unknown): string {
  return typeof img === 'string' && img !== '' ? 'другое фото' : 'без фото';
}
