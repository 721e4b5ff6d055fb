// Menu photos in the sizes and formats a phone chooses from (issue 18, decision 034): the server
// makes a rendition of a picture under /media/ at one of PHOTO_WIDTHS, as AVIF or WebP, at
// /photos/{width}/{path under /media/}.{format}; the web app offers them in a srcset.

/** Where the chain's pictures are served as they are. */
export const MEDIA_PATH = '/media/';
/** Where their renditions are served. */
export const PHOTOS_PATH = '/photos/';

/**
 * The widths, in pixels, a rendition is made at: the only ones the server makes, so a burst of
 * odd sizes cannot fill its disk. From a kiosk's thumbnail (160) to a dish's photo on a wide
 * screen at twice its pixels (1280); the steps keep what a phone fetches within about a third of
 * what it shows.
 */
export const PHOTO_WIDTHS = [160, 240, 360, 480, 640, 800, 960, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The formats a rendition is made in, best first: a browser takes the first it can show. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** What a source may be, by its extension (any case): JPEG, PNG, WebP, GIF and SVG. */
export const PHOTO_SOURCE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'svg'] as const;

/** The longest path under /media/ a rendition is made of. */
export const PHOTO_SOURCE_PATH_MAX = 300;

/**
 * Whether a path under the media folder can name a source: non-empty segments that are neither
 * `.` nor `..` nor hidden, no backslash, control character, query or fragment, within
 * PHOTO_SOURCE_PATH_MAX, and a source extension. Checked on the decoded path by the server (which
 * also resolves links on disk) and on the picture's URL by the web app.
 */
export function isPhotoSourcePath(path: string): boolean {
  if (path.length > PHOTO_SOURCE_PATH_MAX) return false;
  if (/[\\?#]/.test(path) || [...path].some((character) => character < ' ' || character === '\u007f')) return false;
  if (path.split('/').some((segment) => segment === '' || segment.startsWith('.'))) return false;
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return (PHOTO_SOURCE_EXTENSIONS as readonly string[]).includes(extension);
}

/** The path under /media/ of a picture URL that renditions can be made of, or null (another host, a data: URL, a query, an unknown type). */
export function photoSourcePath(src: string): string | null {
  if (!src.startsWith(MEDIA_PATH)) return null;
  const path = src.slice(MEDIA_PATH.length);
  return isPhotoSourcePath(path) ? path : null;
}

/** The URL of a picture's rendition, or null when it has none (see photoSourcePath). */
export function photoRenditionUrl(src: string, width: PhotoWidth, format: PhotoFormat): string | null {
  const path = photoSourcePath(src);
  return path === null ? null : `${PHOTOS_PATH}${width}/${path}.${format}`;
}

export type PhotoRenditionRequest =
  | { ok: true; width: PhotoWidth; format: PhotoFormat; source: string }
  /** `not-offered`: a width or format the server does not make; `no-source`: no path a source can have. */
  | { ok: false; reason: 'not-offered' | 'no-source' };

/** Reads a rendition's path after /photos/ (decoded), `{width}/{source path}.{format}`. */
export function parsePhotoRendition(path: string): PhotoRenditionRequest {
  const slash = path.indexOf('/');
  const dot = path.lastIndexOf('.');
  const width = slash < 0 ? undefined : PHOTO_WIDTHS.find((candidate) => String(candidate) === path.slice(0, slash));
  // What follows the last dot holds no slash: a format found there comes after the width's.
  const format = PHOTO_FORMATS.find((candidate) => candidate === path.slice(dot + 1));
  if (width === undefined || format === undefined) return { ok: false, reason: 'not-offered' };
  const source = path.slice(slash + 1, dot);
  return isPhotoSourcePath(source) ? { ok: true, width, format, source } : { ok: false, reason: 'no-source' };
}
