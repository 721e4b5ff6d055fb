// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kioskStore } from '../state/store';
import KioskAccessibility, { isLongScreen } from './kiosk-accessibility';
import { kioskScreen } from './kiosk-screen';
import { resetAppStores } from '../state/stores.test-support';

const renderToggle = (path: string) => render(<KioskAccessibility screen={kioskScreen(path)} />);

const TURN_ON = 'Включить режим доступности';
const TURN_OFF = 'Выключить режим доступности';
const rootHasMode = () => document.documentElement.classList.contains('kiosk-accessible');

describe('kiosk accessibility mode (issue 14, docs/design.md Kiosk, further)', () => {
  beforeEach(() => {
    resetAppStores();
    kioskStore.getState().setKiosk(true);
  });
  afterEach(() => {
    cleanup();
  });

  it('is one tap away; the button names what a tap does and the root takes the mode', () => {
    renderToggle('/menu/1/inrest');
    expect(rootHasMode()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: TURN_ON }));
    expect(kioskStore.getState().kioskAccessible).toBe(true);
    expect(rootHasMode()).toBe(true);
    const off = screen.getByRole('button', { name: TURN_OFF });
    expect(off.hasAttribute('aria-pressed')).toBe(false);
    fireEvent.click(off);
    expect(kioskStore.getState().kioskAccessible).toBe(false);
    expect(rootHasMode()).toBe(false);
  });

  it('is offered on Home too', () => {
    renderToggle('/');
    expect(screen.getByRole('button', { name: TURN_ON })).toBeTruthy();
  });

  it("is not offered on the Kiosk start page (staff's) and leaves the root plain there", () => {
    kioskStore.getState().setKioskAccessible(true);
    renderToggle('/kiosk/1');
    expect(screen.queryByRole('button', { name: TURN_OFF })).toBeNull();
    expect(rootHasMode()).toBe(false);
  });

  it('ends with the guest (endKioskGuest) and with kiosk mode (unmounted)', () => {
    const view = renderToggle('/cart');
    fireEvent.click(screen.getByRole('button', { name: TURN_ON }));
    act(() => kioskStore.getState().endKioskGuest());
    expect(rootHasMode()).toBe(false);
    expect(screen.getByRole('button', { name: TURN_ON })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TURN_ON }));
    view.unmount();
    expect(rootHasMode()).toBe(false);
  });
});

describe('a long kiosk screen (accessibility mode starts it lower)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  /** A screen of the given heights: top bar, content from its first to its last block, actions. */
  function layOut(topBar: number, content: number, actions: number | null) {
    document.body.innerHTML = `<header class="top-bar"></header><main class="screen__main"><h2>a</h2><p>b</p></main>${
      actions === null ? '' : '<div class="screen__actions"></div>'
    }`;
    const height = (selector: string, value: number) =>
      Object.defineProperty(document.querySelector(selector), 'offsetHeight', { value });
    height('.top-bar', topBar);
    if (actions !== null) height('.screen__actions', actions);
    const rect = (top: number, bottom: number) => ({ top, bottom }) as DOMRect;
    vi.spyOn(document.querySelector('h2') as Element, 'getBoundingClientRect').mockReturnValue(
      rect(topBar, topBar + 40),
    );
    vi.spyOn(document.querySelector('p') as Element, 'getBoundingClientRect').mockReturnValue(
      rect(topBar + 40, topBar + content),
    );
  }

  it('is long when its content is taller than the room between the top bar and the actions', () => {
    const room = window.innerHeight - 100 - 150;
    layOut(100, room + 1, 150);
    expect(isLongScreen(document)).toBe(true);
    layOut(100, room, 150);
    expect(isLongScreen(document)).toBe(false);
  });

  it('counts the whole height below the top bar when the screen has no actions', () => {
    layOut(100, window.innerHeight - 150, null);
    expect(isLongScreen(document)).toBe(false);
    layOut(100, window.innerHeight - 50, null);
    expect(isLongScreen(document)).toBe(true);
  });

  it('is not long without a screen', () => {
    expect(isLongScreen(document)).toBe(false);
  });
});
