// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appStore } from '../state/store';
import KioskAccessibility from './kiosk-accessibility';
import { kioskScreen } from './kiosk-screen';

const renderToggle = (path: string) => render(<KioskAccessibility screen={kioskScreen(path)} />);

const TURN_ON = 'Включить режим доступности';
const TURN_OFF = 'Выключить режим доступности';
const rootHasMode = () => document.documentElement.classList.contains('kiosk-accessible');

describe('kiosk accessibility mode (issue 14, DESIGN.md Kiosk, further)', () => {
  beforeEach(() => {
    appStore.setState(appStore.getInitialState());
    appStore.getState().setKiosk(true);
  });
  afterEach(() => {
    cleanup();
  });

  it('is one tap away; the button names what a tap does and the root takes the mode', () => {
    renderToggle('/menu/1/inrest');
    expect(rootHasMode()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: TURN_ON }));
    expect(appStore.getState().kioskAccessible).toBe(true);
    expect(rootHasMode()).toBe(true);
    const off = screen.getByRole('button', { name: TURN_OFF });
    expect(off.hasAttribute('aria-pressed')).toBe(false);
    fireEvent.click(off);
    expect(appStore.getState().kioskAccessible).toBe(false);
    expect(rootHasMode()).toBe(false);
  });

  it('is offered on Home too', () => {
    renderToggle('/');
    expect(screen.getByRole('button', { name: TURN_ON })).toBeTruthy();
  });

  it('is not offered on the Kiosk start page (staff\'s) and leaves the root plain there', () => {
    appStore.getState().setKioskAccessible(true);
    renderToggle('/kiosk/1');
    expect(screen.queryByRole('button', { name: TURN_OFF })).toBeNull();
    expect(rootHasMode()).toBe(false);
  });

  it('ends with the guest (endKioskGuest) and with kiosk mode (unmounted)', () => {
    const view = renderToggle('/cart');
    fireEvent.click(screen.getByRole('button', { name: TURN_ON }));
    act(() => appStore.getState().endKioskGuest());
    expect(rootHasMode()).toBe(false);
    expect(screen.getByRole('button', { name: TURN_ON })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TURN_ON }));
    view.unmount();
    expect(rootHasMode()).toBe(false);
  });
});
