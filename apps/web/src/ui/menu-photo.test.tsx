// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kioskStore } from '../state/store';
import { MenuPhoto } from './menu-photo';
import { resetAppStores } from '../state/stores.test-support';

const CARD = { kind: 'box', rem: 7, kioskRem: 12, aspect: 1 } as const;

describe('a menu photo (issue 18)', () => {
  beforeEach(() => resetAppStores());
  afterEach(() => cleanup());

  it('offers a picture under /media/ as AVIF, then WebP, then the original, sized for its place', () => {
    const { container } = render(
      <MenuPhoto
        className="menu-dish__photo"
        src="/media/dishes/margherita.svg"
        alt=""
        width={112}
        height={112}
        slot={CARD}
        loading="eager"
      />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toContain('/photos/360/dishes/margherita.svg.avif 360w');
    expect(sources[1]?.getAttribute('srcset')).toContain('/photos/360/dishes/margherita.svg.webp 360w');
    expect(sources.map((source) => source.getAttribute('sizes'))).toEqual(['168px', '168px']);

    const img = container.querySelector('picture > img');
    expect(img?.getAttribute('src')).toBe('/media/dishes/margherita.svg');
    expect(img?.getAttribute('class')).toBe('menu-dish__photo');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['112', '112']);
    expect(img?.getAttribute('loading')).toBe('eager');
    expect(img?.getAttribute('decoding')).toBe('async');
    expect(img?.hasAttribute('fetchpriority')).toBe(false);
  });

  it('loads lazily where asked and says the dish’s photo comes first where asked', () => {
    const { container } = render(
      <>
        <MenuPhoto src="/media/dishes/pepperoni.svg" alt="" width={112} height={112} slot={CARD} loading="lazy" />
        <MenuPhoto
          src="/media/dishes/pepperoni.svg"
          alt="Пепперони"
          width={640}
          height={480}
          slot={{ kind: 'column', aspect: 4 / 3 }}
          loading="eager"
          fetchPriority="high"
        />
      </>,
    );
    const [card, product] = [...container.querySelectorAll('img')];
    expect(card?.getAttribute('loading')).toBe('lazy');
    expect(product?.getAttribute('fetchpriority')).toBe('high');
    expect(product?.getAttribute('alt')).toBe('Пепперони');
  });

  it('sizes the picture for the kiosk’s larger layout', () => {
    kioskStore.getState().setKiosk(true);
    const { container, rerender } = render(
      <MenuPhoto src="/media/dishes/margherita.svg" alt="" width={112} height={112} slot={CARD} loading="eager" />,
    );
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe('432px');
    kioskStore.getState().setKioskAccessible(true);
    rerender(
      <MenuPhoto src="/media/dishes/margherita.svg" alt="" width={112} height={112} slot={CARD} loading="eager" />,
    );
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe('540px');
  });

  it('shows a picture from elsewhere as it is, in a plain image', () => {
    const { container } = render(
      <MenuPhoto
        src="https://cdn.example.ru/margherita.jpg"
        alt=""
        width={64}
        height={64}
        slot={CARD}
        loading="lazy"
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example.ru/margherita.jpg');
    expect(img?.hasAttribute('srcset')).toBe(false);
  });
});
