import { type MouseEvent, type PointerEvent, useEffect, useEffectEvent, useRef } from 'react';

export interface HoldGesture {
  /** A finger or the primary button went down: the hold starts counting. */
  readonly start: () => void;
  /** Released, left or cancelled by the browser before the time: nothing happens. */
  readonly cancel: () => void;
}

/**
 * A press held for `holdMs` calls `onHold` once; a shorter press is an ordinary tap. The timing
 * alone, apart from React, so it can be tested with fake timers.
 */
export function createHoldGesture(holdMs: number, onHold: () => void): HoldGesture {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    start: () => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        onHold();
      }, holdMs);
    },
    cancel,
  };
}

/** How long after a fired hold is released its click may still arrive (a touch's click follows its touchend). */
export const RELEASE_CLICK_MS = 400;

/**
 * After a hold fires, the click its release makes is not a tap: it would follow the logo home, or
 * land on what the hold opened (a sheet's scrim, which closes it). The next click anywhere is
 * swallowed, as long as it comes within RELEASE_CLICK_MS of the release; after that, taps count.
 */
export function swallowReleaseClick(target: Window = window): void {
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    stop();
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const released = () => {
    target.removeEventListener('pointerup', released, true);
    target.removeEventListener('pointercancel', released, true);
    timer = setTimeout(stop, RELEASE_CLICK_MS);
  };
  function stop() {
    target.removeEventListener('click', swallow, true);
    target.removeEventListener('pointerup', released, true);
    target.removeEventListener('pointercancel', released, true);
    if (timer !== null) clearTimeout(timer);
  }
  target.addEventListener('click', swallow, true);
  target.addEventListener('pointerup', released, true);
  target.addEventListener('pointercancel', released, true);
}

export interface HoldHandlers {
  onPointerDown?: (event: PointerEvent) => void;
  onPointerUp?: () => void;
  onPointerLeave?: () => void;
  onPointerCancel?: () => void;
  onContextMenu?: (event: MouseEvent) => void;
  draggable?: false;
}

/**
 * The element's handlers for a press-and-hold (the kiosk's staff exit on the logo, issue 14):
 * none when `onHold` is null. While armed, the long-press menu and dragging are refused (a held
 * link would otherwise offer «Открыть в новой вкладке» or start a drag, which cancels the
 * pointer), and the click that ends a fired hold is swallowed so neither the tap's own action
 * nor what the hold opened takes it. An ordinary tap keeps its behaviour.
 */
export function useHoldGesture(holdMs: number, onHold: (() => void) | null): HoldHandlers {
  const gesture = useRef<HoldGesture | null>(null);
  const fire = useEffectEvent(() => onHold?.());
  useEffect(() => {
    const hold = createHoldGesture(holdMs, () => {
      swallowReleaseClick();
      fire();
    });
    gesture.current = hold;
    return () => {
      hold.cancel();
      gesture.current = null;
    };
  }, [holdMs]);

  if (onHold === null) return {};
  const cancel = () => gesture.current?.cancel();
  return {
    onPointerDown: (event) => {
      if (event.isPrimary && event.button === 0) gesture.current?.start();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event) => event.preventDefault(),
    draggable: false,
  };
}
