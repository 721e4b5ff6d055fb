import { PHOTO_WIDTHS, type PhotoFormat, photoRenditionUrl } from './photos';

/**
 * How wide a place shows a menu photo, for its `sizes` (issue 18, decision 034). The browser
 * reads `sizes` before any style has loaded and measures a rem there as 16 px whatever the root's
 * size, so the kiosk's larger type (the web app's ui/tokens.css) is applied here, from the app's
 * state. Here and not in the web app: the server's page of the menu screen preloads the first
 * card's photo with the same sources the card offers.
 */
export type PhotoSlot =
  /** A box of a fixed width in rem (`kioskRem` where the kiosk's CSS makes it another) and shape (width ÷ height). */
  | { kind: 'box'; rem: number; kioskRem?: number; aspect: number }
  /** The screen's column (the web app's ui/screen.css) at the whole width, in a box of this shape. */
  | { kind: 'column'; aspect: number };

/** Where the photo shows: on a kiosk, and with its accessibility mode on. */
export interface PhotoLayout {
  kiosk: boolean;
  accessible: boolean;
}

/** A rem before any root scaling, as `sizes` counts it. */
const REM_PX = 16;
/** The root's font size on a kiosk, and with its accessibility mode (web ui/tokens.css `:root.kiosk`, `:root.kiosk.kiosk-accessible`). */
export const KIOSK_ROOT_SCALE = 1.5;
export const KIOSK_ACCESSIBLE_ROOT_SCALE = 1.875;
/** The screen's column (web ui/tokens.css --content-max-width; none on a kiosk) and its side padding (ui/screen.css: --space-4, a kiosk's --space-8). */
export const CONTENT_MAX_REM = 40;
const SCREEN_PADDING_REM = 1;
const KIOSK_SCREEN_PADDING_REM = 2;
/**
 * The widest shape of a menu photo the boxes are made for (the demo's pictures are 3:2, decision
 * 007). A box of another shape shows it with object-fit: cover, scaled to the box's height, so
 * the picture is drawn wider than its box: a square 112 px box shows 168 px of a 3:2 picture's width.
 */
const PHOTO_ASPECT = 3 / 2;

function rootScale(layout: PhotoLayout): number {
  if (!layout.kiosk) return 1;
  return layout.accessible ? KIOSK_ACCESSIBLE_ROOT_SCALE : KIOSK_ROOT_SCALE;
}

/** The `sizes` of a photo in this slot: the width it is drawn at, in CSS pixels. */
export function photoSizes(slot: PhotoSlot, layout: PhotoLayout): string {
  const scale = rootScale(layout);
  const cover = Math.max(1, PHOTO_ASPECT / slot.aspect);
  if (slot.kind === 'box') {
    const rem = layout.kiosk ? (slot.kioskRem ?? slot.rem) : slot.rem;
    return `${Math.ceil(rem * REM_PX * scale * cover)}px`;
  }
  const padding = 2 * (layout.kiosk ? KIOSK_SCREEN_PADDING_REM : SCREEN_PADDING_REM) * REM_PX * scale;
  const column = cover === 1 ? `calc(100vw - ${padding}px)` : `calc((100vw - ${padding}px) * ${cover})`;
  if (layout.kiosk) return column;
  const widest = CONTENT_MAX_REM * REM_PX;
  return `(min-width: ${widest}px) ${Math.ceil((widest - padding) * cover)}px, ${column}`;
}

/** Every rendition of a picture in one format, for a srcset; null when the picture has none (not under /media/). */
export function photoSrcSet(src: string, format: PhotoFormat): string | null {
  const urls = PHOTO_WIDTHS.map((width) => [photoRenditionUrl(src, width, format), width] as const);
  if (urls.some(([url]) => url === null)) return null;
  return urls.map(([url, width]) => `${url} ${width}w`).join(', ');
}

/** The menu card's photo box (the web app's features/menu/menu-page.css: 7rem square, 12rem on a kiosk). */
export const MENU_CARD_PHOTO: PhotoSlot = { kind: 'box', rem: 7, kioskRem: 12, aspect: 1 };

/** One <source> of a <picture>. */
export interface PhotoSource {
  readonly type: `image/${PhotoFormat}`;
  readonly srcSet: string;
  readonly sizes: string;
}

/**
 * The sources a place offers for a picture, best first (AVIF, then WebP), or null for a picture
 * without renditions (not under /media/: shown as it is).
 */
export function photoSources(src: string, slot: PhotoSlot, layout: PhotoLayout): readonly PhotoSource[] | null {
  const avif = photoSrcSet(src, 'avif');
  const webp = photoSrcSet(src, 'webp');
  if (avif === null || webp === null) return null;
  const sizes = photoSizes(slot, layout);
  return [
    { type: 'image/avif', srcSet: avif, sizes },
    { type: 'image/webp', srcSet: webp, sizes },
  ];
}
