// eslint-disable-next-line import-x/no-nodejs-modules -- the test reads the stylesheet the sizes must agree with
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_MAX_REM,
  KIOSK_ACCESSIBLE_ROOT_SCALE,
  KIOSK_ROOT_SCALE,
  PHOTO_WIDTHS,
  type PhotoSlot,
  photoSizes,
  photoSrcSet,
} from '@chain/domain';

const PHONE = { kiosk: false, accessible: false };
const KIOSK = { kiosk: true, accessible: false };
const KIOSK_ACCESSIBLE = { kiosk: true, accessible: true };

const card: PhotoSlot = { kind: 'box', rem: 7, kioskRem: 12, aspect: 1 };
const product: PhotoSlot = { kind: 'column', aspect: 4 / 3 };

describe('how wide a menu photo is drawn, for its sizes (issue 18)', () => {
  it('draws a 3:2 picture in a square box one and a half times the box’s width (object-fit: cover)', () => {
    expect(photoSizes(card, PHONE)).toBe('168px');
    expect(photoSizes({ kind: 'box', rem: 4, aspect: 1 }, PHONE)).toBe('96px');
  });

  it('takes the kiosk’s own box width and its larger type into account', () => {
    // 12rem at the kiosk's ×1.5 root, then ×1.875 in accessibility mode.
    expect(photoSizes(card, KIOSK)).toBe('432px');
    expect(photoSizes(card, KIOSK_ACCESSIBLE)).toBe('540px');
    // A box the kiosk's CSS does not resize grows with the type alone.
    expect(photoSizes({ kind: 'box', rem: 4, aspect: 1 }, KIOSK)).toBe('144px');
  });

  it('draws the dish’s photo across the screen’s column, up to its widest on a phone and to the edges’ padding on a kiosk', () => {
    expect(photoSizes(product, PHONE)).toBe('(min-width: 640px) 684px, calc((100vw - 32px) * 1.125)');
    expect(photoSizes(product, KIOSK)).toBe('calc((100vw - 96px) * 1.125)');
    expect(photoSizes(product, KIOSK_ACCESSIBLE)).toBe('calc((100vw - 120px) * 1.125)');
    expect(photoSizes({ kind: 'column', aspect: 3 / 2 }, PHONE)).toBe('(min-width: 640px) 608px, calc(100vw - 32px)');
  });

  it('scales as the stylesheet scales the kiosk’s root and limits the column', () => {
    const tokens = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');
    expect(tokens).toMatch(new RegExp(`:root\\.kiosk \\{\\s*font-size: ${KIOSK_ROOT_SCALE * 100}%;`));
    expect(tokens).toMatch(
      new RegExp(`:root\\.kiosk\\.kiosk-accessible \\{\\s*font-size: ${KIOSK_ACCESSIBLE_ROOT_SCALE * 100}%;`),
    );
    expect(tokens).toContain(`--content-max-width: ${CONTENT_MAX_REM}rem;`);
  });

  it('lists every rendition of a picture under /media/, narrowest first', () => {
    const srcset = photoSrcSet('/media/dishes/margherita.svg', 'avif');
    expect(srcset?.split(', ')).toEqual(
      PHOTO_WIDTHS.map((width) => `/photos/${width}/dishes/margherita.svg.avif ${width}w`),
    );
    expect(photoSrcSet('/media/dishes/margherita.svg', 'webp')).toContain(
      '/photos/1280/dishes/margherita.svg.webp 1280w',
    );
  });

  it('has no srcset for a picture the server does not keep', () => {
    expect(photoSrcSet('https://cdn.example.ru/margherita.jpg', 'avif')).toBeNull();
    expect(photoSrcSet('', 'webp')).toBeNull();
  });
});
