import { MAX_RATING_PHOTO_BYTES } from '@chain/contract';
import { isAcceptedPhotoType } from '@chain/domain';
import { badRequest } from '../../http/errors';

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/gif';

export interface DecodedPhoto {
  mime: PhotoType;
  data: Buffer;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w.+-]+=[\w.+-]+)*);base64,([A-Za-z0-9+/\r\n]*={0,2})$/;

/** The type a picture's first bytes show (its "magic number"), or null for anything else. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // 'GIF87a' or 'GIF89a'
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return null;
}

/**
 * A rating photo from its data URL (SPEC 5: jpeg, png or gif). The label must be one of the
 * three and the bytes must say the same (a renamed file or a script is refused), at most 2 MB.
 * `position` (1-based) names the photo in the Russian message of the 400.
 */
export function decodePhoto(dataUrl: string, position: number): DecodedPhoto {
  const which = `Фото ${position}`;
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw badRequest(`${which}: ожидается картинка в виде data URL (data:image/jpeg;base64,…).`, 'photo');
  const declared = (match[1] ?? '').toLowerCase();
  if (!isAcceptedPhotoType(declared)) throw badRequest(`${which}: можно приложить только JPEG, PNG или GIF.`, 'photo');
  const data = Buffer.from(match[3] ?? '', 'base64');
  if (data.length === 0) throw badRequest(`${which}: файл пустой.`, 'photo');
  if (data.length > MAX_RATING_PHOTO_BYTES) throw badRequest(`${which}: файл больше 2 МБ.`, 'photo');
  const actual = sniffPhotoType(data);
  if (actual === null) throw badRequest(`${which}: файл повреждён или это не JPEG, PNG или GIF.`, 'photo');
  if (actual !== declared) throw badRequest(`${which}: содержимое файла не совпадает с его типом (${declared}).`, 'photo');
  return { mime: actual, data };
}
