import { type MouseEvent, type PointerEvent, useEffect, useEffectEvent, useRef } from 'react';

export interface HoldGesture {
  /** A finger or the primary button went down: the hold starts counting. */
  readonly start: () => void;
  /** Released, left or cancelled by the browser before the time: nothing happens. */
  readonly cancel: () => void;
  /** Whether the hold fired since the last press; reading it forgets it (the click that ends the hold is its own). */
  readonly takeFired: () => boolean;
}

/**
 * A press held for `holdMs` calls `onHold` once; a shorter press is an ordinary tap. The timing
 * alone, apart from React, so it can be tested with fake timers.
 */
export function createHoldGesture(holdMs: number, onHold: () => void): HoldGesture {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let fired = false;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    start: () => {
      stop();
      fired = false;
      timer = setTimeout(() => {
        timer = null;
        fired = true;
        onHold();
      }, holdMs);
    },
    cancel: stop,
    takeFired: () => {
      const was = fired;
      fired = false;
      return was;
    },
  };
}

export interface HoldHandlers {
  onPointerDown?: (event: PointerEvent) => void;
  onPointerUp?: () => void;
  onPointerLeave?: () => void;
  onPointerCancel?: () => void;
  onClickCapture?: (event: MouseEvent) => void;
  onContextMenu?: (event: MouseEvent) => void;
  draggable?: false;
}

/**
 * The element's handlers for a press-and-hold (the kiosk's staff exit on the logo, issue 14):
 * none when `onHold` is null. While armed, the long-press menu and dragging are refused (a held
 * link would otherwise offer «Открыть в новой вкладке» or start a drag, which cancels the
 * pointer), and the click that ends a fired hold is swallowed so the tap's own action does not
 * follow. An ordinary tap keeps its behaviour.
 */
export function useHoldGesture(holdMs: number, onHold: (() => void) | null): HoldHandlers {
  const gesture = useRef<HoldGesture | null>(null);
  const fire = useEffectEvent(() => onHold?.());
  useEffect(() => {
    const hold = createHoldGesture(holdMs, () => fire());
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
    onClickCapture: (event) => {
      if (!gesture.current?.takeFired()) return;
      event.preventDefault();
      event.stopPropagation();
    },
    onContextMenu: (event) => event.preventDefault(),
    draggable: false,
  };
}
