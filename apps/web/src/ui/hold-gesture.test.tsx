// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_EXIT_HOLD_MS } from '@chain/domain';
import { createHoldGesture, RELEASE_CLICK_MS } from './hold-gesture';
import { type Shell, ShellContext } from './shell-context';
import { TopBar } from './top-bar';

describe('press and hold (the kiosk staff exit, issue 14)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`fires at ${KIOSK_EXIT_HOLD_MS} ms, not at 2.9 s`, () => {
    const onHold = vi.fn();
    const hold = createHoldGesture(KIOSK_EXIT_HOLD_MS, onHold);
    hold.start();
    vi.advanceTimersByTime(2900);
    expect(onHold).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onHold).toHaveBeenCalledTimes(1);
  });

  it('does nothing when released early, and starts afresh on the next press', () => {
    const onHold = vi.fn();
    const hold = createHoldGesture(KIOSK_EXIT_HOLD_MS, onHold);
    hold.start();
    vi.advanceTimersByTime(2000);
    hold.cancel();
    vi.advanceTimersByTime(5000);
    expect(onHold).not.toHaveBeenCalled();
    hold.start();
    vi.advanceTimersByTime(2000);
    expect(onHold).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onHold).toHaveBeenCalledTimes(1);
  });
});

describe('the top bar logo in kiosk mode (issue 14: a gesture a guest does not stumble on)', () => {
  let location: ReturnType<typeof memoryLocation> & { history: string[] };
  const shell = (onLogoHold: (() => void) | null): Shell => ({
    brand: { name: 'Жар-печь', logo: '' },
    brandLoading: false,
    drawerOpen: false,
    openDrawer: () => undefined,
    goBack: () => undefined,
    shouldFocusTitle: () => false,
    onLogoHold: onLogoHold ? { ms: KIOSK_EXIT_HOLD_MS, hold: onLogoHold } : null,
  });
  function renderBar(onLogoHold: (() => void) | null) {
    location = memoryLocation({ path: '/cart', record: true });
    render(
      <Router hook={location.hook}>
        <ShellContext value={shell(onLogoHold)}>
          <TopBar title="Заказ в заведении" />
        </ShellContext>
      </Router>,
    );
    return screen.getByRole('link', { name: 'Жар-печь, на главную' });
  }
  const press = (logo: HTMLElement) => fireEvent.pointerDown(logo, { isPrimary: true, button: 0, pointerId: 1 });

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('held for 3 s asks for the code, and the release does not go home', () => {
    const onLogoHold = vi.fn();
    const logo = renderBar(onLogoHold);
    press(logo);
    vi.advanceTimersByTime(2900);
    expect(onLogoHold).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onLogoHold).toHaveBeenCalledTimes(1);
    fireEvent.pointerUp(logo);
    fireEvent.click(logo);
    expect(location.history).toEqual(['/cart']);
  });

  it('the release lands on what the hold opened without closing it; later taps count again', () => {
    const logo = renderBar(() => undefined);
    const scrim = document.createElement('button');
    const tapped = vi.fn();
    scrim.addEventListener('click', tapped);
    document.body.append(scrim);
    press(logo);
    vi.advanceTimersByTime(KIOSK_EXIT_HOLD_MS);
    fireEvent.pointerUp(scrim);
    fireEvent.click(scrim);
    expect(tapped).not.toHaveBeenCalled();
    fireEvent.click(scrim);
    expect(tapped).toHaveBeenCalledTimes(1);
    scrim.remove();
  });

  it('a release that makes no click leaves the next tap alone', () => {
    const logo = renderBar(() => undefined);
    press(logo);
    vi.advanceTimersByTime(KIOSK_EXIT_HOLD_MS);
    fireEvent.pointerUp(logo);
    vi.advanceTimersByTime(RELEASE_CLICK_MS);
    fireEvent.click(logo);
    expect(location.history.at(-1)).toBe('/');
  });

  it('a tap still goes home', () => {
    const onLogoHold = vi.fn();
    const logo = renderBar(onLogoHold);
    press(logo);
    vi.advanceTimersByTime(200);
    fireEvent.pointerUp(logo);
    fireEvent.click(logo);
    vi.advanceTimersByTime(5000);
    expect(onLogoHold).not.toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/');
  });

  it('a press the browser cancels (a scroll) or that leaves the logo does not fire', () => {
    const onLogoHold = vi.fn();
    const logo = renderBar(onLogoHold);
    press(logo);
    vi.advanceTimersByTime(1000);
    fireEvent.pointerCancel(logo);
    vi.advanceTimersByTime(5000);
    press(logo);
    vi.advanceTimersByTime(1000);
    fireEvent.pointerLeave(logo);
    vi.advanceTimersByTime(5000);
    expect(onLogoHold).not.toHaveBeenCalled();
  });

  it('outside kiosk mode the logo is only a link: a long press changes nothing', () => {
    const logo = renderBar(null);
    press(logo);
    vi.advanceTimersByTime(5000);
    expect(logo.getAttribute('draggable')).toBeNull();
    fireEvent.click(logo);
    expect(location.history.at(-1)).toBe('/');
  });
});
