import { CAPTION_CLASS, CAPTION_HIDDEN_CLASS, PIN_CLASS } from './pin';

/*
 * Captions that do not cover each other (decision 033). At the city zoom restaurants a few
 * hundred metres apart stand a few pixels apart, and every caption beside its pin would stack on
 * its neighbours', so a tap on a caption could open another restaurant. After the pins are drawn
 * and whenever the view or the pins change, each caption is measured where it stands; in a fixed
 * order (the order the pins were added), a caption is shown only if it crosses no other pin and
 * no caption already shown, else it is hidden (not seen, not tapped). The pin itself, and its
 * accessible name, always stay; zooming in spreads the pins and brings the captions back.
 */

/** A box on the screen, in pixels. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A pin's own box (its tap target) and its caption's box, if it has a caption. */
export interface PinBoxes {
  readonly pin: Box;
  readonly caption: Box | null;
}

/** Two boxes share some area (touching edges do not count). */
export function crosses(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Which captions to show, pin by pin in the given order: a caption crossing another pin, or a
 * caption already kept, is not shown. A pin without a caption shows none.
 */
export function keptCaptions(pins: readonly PinBoxes[]): boolean[] {
  const kept: Box[] = [];
  return pins.map(({ caption }, index) => {
    if (caption === null) return false;
    const clear =
      pins.every((other, otherIndex) => otherIndex === index || !crosses(caption, other.pin)) &&
      kept.every((box) => !crosses(caption, box));
    if (clear) kept.push(caption);
    return clear;
  });
}

/** Measures the pins drawn in the container and hides the captions that would cover others. */
export function declutterCaptions(container: HTMLElement): void {
  const pins = [...container.querySelectorAll<HTMLElement>(`.${PIN_CLASS}`)].map((pin) => ({
    pin,
    caption: pin.querySelector<HTMLElement>(`.${CAPTION_CLASS}`),
  }));
  // All measured first, then all changed: one layout, however many pins. A hidden caption keeps its box.
  const shown = keptCaptions(
    pins.map(({ pin, caption }) => ({
      pin: pin.getBoundingClientRect(),
      caption: caption?.getBoundingClientRect() ?? null,
    })),
  );
  pins.forEach(({ caption }, index) => caption?.classList.toggle(CAPTION_HIDDEN_CLASS, !shown[index]));
}

const holdsPin = (node: Node): boolean =>
  node instanceof Element && (node.classList.contains(PIN_CLASS) || node.querySelector(`.${PIN_CLASS}`) !== null);

/**
 * Keeps the captions of a map's container decluttered: once a frame after pins come or go (the
 * provider may draw them later than it is asked to) and after `update` (the adapter calls it when
 * the view has moved, zoomed or changed size, or a pin moved) or the web fonts arrive.
 */
export function followCaptions(container: HTMLElement): { readonly update: () => void; readonly stop: () => void } {
  let frame: number | null = null;
  let stopped = false;
  const update = () => {
    if (frame !== null || stopped) return;
    frame = requestAnimationFrame(() => {
      frame = null;
      declutterCaptions(container);
    });
  };
  const pinsChanged = new MutationObserver((records) => {
    if (records.some((record) => [...record.addedNodes, ...record.removedNodes].some(holdsPin))) update();
  });
  pinsChanged.observe(container, { childList: true, subtree: true });
  void document.fonts?.ready.then(update);
  return {
    update,
    stop: () => {
      stopped = true;
      pinsChanged.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
      frame = null;
    },
  };
}
