import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPhotoSourcePath,
  parsePhotoRendition,
  PHOTO_FORMATS,
  PHOTO_SOURCE_PATH_MAX,
  PHOTO_WIDTHS,
  photoRenditionUrl,
  photoSourcePath,
} from '../src/photos';

describe('menu photo renditions (issue 18)', () => {
  it('names a rendition by its width, the picture’s path under /media/ and its format', () => {
    expect(photoRenditionUrl('/media/dishes/margherita.svg', 360, 'avif')).toBe(
      '/photos/360/dishes/margherita.svg.avif',
    );
    expect(photoRenditionUrl('/media/menu/2026/Борщ.JPG', 1280, 'webp')).toBe('/photos/1280/menu/2026/Борщ.JPG.webp');
  });

  it('has no rendition for a picture elsewhere, with a query, or of a type it cannot read', () => {
    for (const src of [
      'https://cdn.example.ru/dishes/margherita.jpg',
      '/assets/logo.png',
      'data:image/png;base64,AAAA',
      '/media/dishes/margherita.jpg?v=2',
      '/media/dishes/margherita.jpg#top',
      '/media/dishes/menu.pdf',
      '/media/dishes/margherita',
      '/other/dishes/margherita.jpg',
      '/media/',
      '',
    ]) {
      expect(photoRenditionUrl(src, 360, 'avif'), src).toBeNull();
      expect(photoSourcePath(src), src).toBeNull();
    }
  });

  it('takes JPEG, PNG, WebP, GIF and SVG sources in any case of extension', () => {
    for (const path of ['a.jpg', 'a.jpeg', 'a.png', 'a.webp', 'a.gif', 'a.svg', 'dishes/A.JPEG', 'x/y/z.Png'])
      expect(isPhotoSourcePath(path), path).toBe(true);
  });

  it('takes a path up to its longest', () => {
    expect(isPhotoSourcePath(`${'a'.repeat(PHOTO_SOURCE_PATH_MAX - 4)}.png`)).toBe(true);
    expect(isPhotoSourcePath(`${'a'.repeat(PHOTO_SOURCE_PATH_MAX - 3)}.png`)).toBe(false);
    expect(isPhotoSourcePath('')).toBe(false);
  });

  it('refuses a path that leaves the media folder, is hidden, or carries what no file name should', () => {
    for (const path of [
      '../server.ts.svg',
      'dishes/../../etc/passwd.png',
      './a.svg',
      '/etc/a.png',
      'dishes//a.png',
      'dishes/.hidden.png',
      '.env.png',
      'dishes\\..\\a.png',
      'a\u0000.png',
      'a\n.png',
      'a\u007f.png',
    ]) {
      expect(isPhotoSourcePath(path), JSON.stringify(path)).toBe(false);
    }
  });

  it('reads a rendition’s path back into its width, format and source', () => {
    expect(parsePhotoRendition('360/dishes/margherita.svg.avif')).toEqual({
      ok: true,
      width: 360,
      format: 'avif',
      source: 'dishes/margherita.svg',
    });
    expect(parsePhotoRendition('160/logo.png.webp')).toEqual({
      ok: true,
      width: 160,
      format: 'webp',
      source: 'logo.png',
    });
  });

  it('reads back every URL it names', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9_-][a-zA-Z0-9_. -]{0,20}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 0, maxLength: 4 }),
        fc.constantFrom('jpg', 'png', 'svg', 'webp', 'gif', 'JPEG'),
        fc.constantFrom(...PHOTO_WIDTHS),
        fc.constantFrom(...PHOTO_FORMATS),
        (folders, extension, width, format) => {
          const source = [...folders, `photo.${extension}`].join('/');
          const url = photoRenditionUrl(`/media/${source}`, width, format);
          expect(url).not.toBeNull();
          expect(parsePhotoRendition((url ?? '').slice('/photos/'.length))).toEqual({
            ok: true,
            width,
            format,
            source,
          });
        },
      ),
    );
  });

  it('offers only its own widths and formats', () => {
    for (const path of [
      '100/a.svg.avif',
      '0360/a.svg.avif',
      '360.5/a.svg.avif',
      '320/a.svg.avif',
      '99999/a.svg.avif',
      'x/a.svg.avif',
      '360/a.svg.png',
      '360/a.svg.AVIF',
      '360/a.svg',
      '360/',
      '320',
      '',
    ]) {
      expect(parsePhotoRendition(path), path).toEqual({ ok: false, reason: 'not-offered' });
    }
  });

  it('has no source for an offered size of a path no source can have', () => {
    for (const path of ['360/.avif', '360/../a.svg.avif', '360/a.txt.avif', '360/a.avif', '360/dishes/.env.svg.webp']) {
      expect(parsePhotoRendition(path), path).toEqual({ ok: false, reason: 'no-source' });
    }
  });

  it('keeps its widths in ascending order, as a srcset lists them', () => {
    expect([...PHOTO_WIDTHS].sort((a, b) => a - b)).toEqual([...PHOTO_WIDTHS]);
    expect(PHOTO_FORMATS[0]).toBe('avif');
  });
});
