import { describe, expect, it } from 'vitest';
import { MAX_RATING_PHOTO_BYTES } from '@chain/contract';
import {
  checkPhotoFile,
  fitsUploadLimit,
  fitWithin,
  PHOTO_MAX_SIDE,
  PHOTO_QUALITY,
  PHOTO_TYPE_MESSAGE,
  photoPlan,
} from './photo-resize';

// SPEC 5: a rating's photos are jpeg, png or gif; the server takes up to 2 MB each (rate/add).
describe('fitWithin: the longer side at most 1600 px, proportions kept', () => {
  it('leaves a picture within the limit as it is (never enlarges)', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(PHOTO_MAX_SIDE, 10)).toEqual({ width: PHOTO_MAX_SIDE, height: 10 });
  });
  it('shrinks a landscape and a portrait by their longer side', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });
  it('keeps a very thin picture at least 1 px', () => {
    expect(fitWithin(10_000, 2)).toEqual({ width: 1600, height: 1 });
  });
  it('takes another limit', () => {
    expect(fitWithin(1000, 500, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe('checkPhotoFile: jpeg, png or gif, of any size (each is drawn smaller)', () => {
  it('accepts the three types in any letter case', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: 10 * MAX_RATING_PHOTO_BYTES })).toBeNull();
    expect(checkPhotoFile({ type: 'IMAGE/PNG', size: 1 })).toBeNull();
    expect(checkPhotoFile({ type: 'image/gif', size: 10 * MAX_RATING_PHOTO_BYTES })).toBeNull();
  });
  it('refuses other types and an unknown one in words', () => {
    for (const type of ['image/heic', 'image/webp', 'application/pdf', '']) {
      expect(checkPhotoFile({ type, size: 1 })).toBe(PHOTO_TYPE_MESSAGE);
    }
  });
});

describe('photoPlan', () => {
  it('re-encodes a large camera jpeg at most 1600 px long as JPEG 0.85', () => {
    expect(photoPlan({ type: 'image/jpeg', size: 5_000_000, width: 4032, height: 3024 })).toEqual({
      kind: 'reencode',
      width: 1600,
      height: 1200,
      quality: PHOTO_QUALITY,
    });
  });
  it('re-encodes a jpeg within the side but heavy in bytes, at its own size', () => {
    expect(photoPlan({ type: 'image/jpeg', size: 400 * 1024 + 1, width: 1200, height: 900 })).toEqual({
      kind: 'reencode',
      width: 1200,
      height: 900,
      quality: PHOTO_QUALITY,
    });
  });
  it('re-encodes a small jpeg within the side too, so its EXIF data (the place it was taken) is not sent', () => {
    expect(photoPlan({ type: 'image/jpeg', size: 30_000, width: 1600, height: 900 })).toEqual({
      kind: 'reencode',
      width: 1600,
      height: 900,
      quality: PHOTO_QUALITY,
    });
  });
  it('re-encodes every png as JPEG, even a small one (a screenshot png is many times its JPEG)', () => {
    expect(photoPlan({ type: 'image/png', size: 20_000, width: 300, height: 200 })).toMatchObject({
      kind: 'reencode',
      width: 300,
      height: 200,
    });
    expect(photoPlan({ type: 'image/png', size: 9_000_000, width: 3000, height: 3000 })).toMatchObject({
      kind: 'reencode',
      width: 1600,
      height: 1600,
    });
  });
  it('re-encodes a gif as JPEG by its first frame, all the server keeps of it (decision 041), whatever its size', () => {
    expect(photoPlan({ type: 'image/gif', size: 1_000_000, width: 4000, height: 4000 })).toEqual({
      kind: 'reencode',
      width: 1600,
      height: 1600,
      quality: PHOTO_QUALITY,
    });
    expect(photoPlan({ type: 'image/gif', size: MAX_RATING_PHOTO_BYTES + 1, width: 10, height: 10 })).toMatchObject({
      kind: 'reencode',
      width: 10,
      height: 10,
    });
  });
  it('refuses another type', () => {
    expect(photoPlan({ type: 'image/webp', size: 1, width: 1, height: 1 })).toEqual({
      kind: 'refuse',
      message: PHOTO_TYPE_MESSAGE,
    });
  });
});

describe('fitsUploadLimit', () => {
  it('is 1 byte … 2 MB', () => {
    expect(fitsUploadLimit(0)).toBe(false);
    expect(fitsUploadLimit(1)).toBe(true);
    expect(fitsUploadLimit(MAX_RATING_PHOTO_BYTES)).toBe(true);
    expect(fitsUploadLimit(MAX_RATING_PHOTO_BYTES + 1)).toBe(false);
  });
});
