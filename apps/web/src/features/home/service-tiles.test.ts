import { describe, expect, it } from 'vitest';
import { appStoreLink, deliveryOffered, serviceTiles } from './service-tiles';

const NONE = { allow_predzakaz: 0, allow_delayed: 0, show_zagruzka: 0, show_restmap: 0 } as const;
const NO_FLAGS = { booking: false, stoplist: false };

describe('home service tiles (SPEC 2 Home, normal mode)', () => {
  it('shows none when nothing is switched on', () => {
    expect(serviceTiles(NONE, NO_FLAGS)).toEqual([]);
  });

  it('pre-order follows the allow_predzakaz setting', () => {
    expect(serviceTiles({ ...NONE, allow_predzakaz: 1 }, NO_FLAGS).map((tile) => tile.href)).toEqual(['/predzakaz']);
  });

  it('the delayed order follows the allow_delayed setting, after the pre-order', () => {
    expect(serviceTiles({ ...NONE, allow_delayed: 1 }, NO_FLAGS).map((tile) => tile.href)).toEqual(['/delayedzakaz']);
    expect(serviceTiles({ ...NONE, allow_predzakaz: 1, allow_delayed: 1 }, NO_FLAGS).map((tile) => tile.id)).toEqual([
      'preorder',
      'delayed',
    ]);
  });

  it('booking follows the user flag booking=1', () => {
    expect(serviceTiles(NONE, { ...NO_FLAGS, booking: true }).map((tile) => tile.href)).toEqual(['/booking']);
  });

  it('restaurant load follows show_zagruzka and the map follows show_restmap', () => {
    expect(serviceTiles({ ...NONE, show_zagruzka: 1, show_restmap: 1 }, NO_FLAGS).map((tile) => tile.href)).toEqual([
      '/zagruzka',
      '/rest_map',
    ]);
  });

  it('stop-list follows the user flag stoplist', () => {
    expect(serviceTiles(NONE, { ...NO_FLAGS, stoplist: true }).map((tile) => tile.id)).toEqual(['stoplist']);
  });
});

describe('app-store link by platform (SPEC 2 Home)', () => {
  const urls = {
    app_store_url: 'https://apps.apple.com/app/id1',
    google_play_url: 'https://play.google.com/store/apps/details?id=x',
  };

  it('offers the App Store on iPhone and Google Play on Android', () => {
    expect(appStoreLink('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', urls)?.href).toBe(urls.app_store_url);
    expect(appStoreLink('Mozilla/5.0 (Linux; Android 14; Pixel 8)', urls)?.href).toBe(urls.google_play_url);
  });

  it('offers nothing elsewhere or without a link', () => {
    expect(appStoreLink('Mozilla/5.0 (X11; Linux x86_64)', urls)).toBeNull();
    expect(appStoreLink('Mozilla/5.0 (Linux; Android 14)', { ...urls, google_play_url: '' })).toBeNull();
  });
});

describe('Доставка on Home follows the chain’s delivery setting (SPEC 3 Settings delivery)', () => {
  it('is offered while delivery is 1 and until the settings arrive, and not when it is 0', () => {
    expect(deliveryOffered({ delivery: 1 })).toBe(true);
    expect(deliveryOffered(null)).toBe(true);
    expect(deliveryOffered({ delivery: 0 })).toBe(false);
  });
});
