import { describe, expect, it } from 'vitest';
import { STAFF_PHOTO_LIMITS, STAFF_PHOTO_TEXTS } from '@chain/contract';
import { photoFileProblem, photoStateText, photoValueText } from './photo-upload';

// Issue 31: a photo picked in the back office (a dish's, a restaurant's) is refused in the server's
// words before it is sent when its type or size already says so.

describe('a photo picked in the back office', () => {
  it('may be a JPEG, PNG or GIF of at most 8 MB', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(photoFileProblem({ type: 'image/png', size: STAFF_PHOTO_LIMITS.bytes })).toBeNull();
    expect(photoFileProblem({ type: 'image/gif', size: 4096 })).toBeNull();
  });

  it('is refused in words when it is another type or one byte over', () => {
    expect(photoFileProblem({ type: 'image/webp', size: 4096 })).toBe(STAFF_PHOTO_TEXTS.notPicture);
    expect(photoFileProblem({ type: 'image/svg+xml', size: 400 })).toBe(STAFF_PHOTO_TEXTS.notPicture);
    expect(photoFileProblem({ type: '', size: 400 })).toBe(STAFF_PHOTO_TEXTS.notPicture);
    expect(photoFileProblem({ type: 'image/jpeg', size: STAFF_PHOTO_LIMITS.bytes + 1 })).toBe(
      STAFF_PHOTO_TEXTS.tooLarge,
    );
    expect(STAFF_PHOTO_TEXTS.tooLarge).toBe('Фото больше 8 МБ.');
  });

  it('says where the upload is, and reads in a 409 as whether there is a photo', () => {
    expect(photoStateText({ kind: 'idle' })).toBe('');
    expect(photoStateText({ kind: 'uploading' })).toBe('Загружаем фото…');
    expect(photoStateText({ kind: 'uploaded' })).toBe('Фото загружено.');
    expect(photoStateText({ kind: 'refused', message: 'Фото: Фото повреждено или не читается.' })).toBe(
      'Фото: Фото повреждено или не читается.',
    );
    expect(photoValueText('/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg')).toBe('другое фото');
    expect(photoValueText('')).toBe('без фото');
  });
});
