/**
 * A map handle dragged by pointer events (issue 31, the zone editor): one path for a mouse, a pen
 * and a finger, whatever else the device has. Leaflet's own marker dragging picks touch or mouse
 * events by what the browser reports, and a press that the browser turns into neither (a pen, a
 * mouse on a touch screen) must still move the corner. The pointer is captured on press, so the
 * drag goes on when it leaves the handle; a press that moves less than TAP_TOLERANCE_PX is a tap.
 */

/** Fewer pixels than this between press and release is a tap, not a drag (Leaflet's click tolerance too). */
export const TAP_TOLERANCE_PX = 3;

/** The screen point of a pointer (client coordinates). */
export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

export interface PointerDragEvents {
  /** The pointer pressed the element (a drag or a tap may follow). */
  readonly press: () => void;
  /** The pointer moved while pressed, past the tap tolerance: where it is now. */
  readonly move: (at: ScreenPoint) => void;
  /** The pointer let go after moving. */
  readonly end: () => void;
  /** The pointer let go without moving: a tap. */
  readonly tap: () => void;
  /** The browser took the pointer away mid-drag (a system gesture): undo the move. */
  readonly cancel: () => void;
}

/**
 * Follows presses of the element; returns the stop. Only the primary button of a mouse (any
 * contact of a finger or a pen) starts a drag, and one pointer at a time. The press is kept from
 * the map under the element (no pan, no tap on the map, no double-tap zoom), and the click the
 * browser makes after a press is not the element's tap: the release already was.
 */
export function followPointerDrag(element: HTMLElement, events: PointerDragEvents): () => void {
  let press: { id: number; x: number; y: number; moved: boolean } | null = null;
  const stop = (event: Event) => event.stopPropagation();

  const down = (event: PointerEvent) => {
    if (press !== null || !event.isPrimary || event.button !== 0) return;
    // No compatibility mouse events (the map would start panning), no text selection.
    event.preventDefault();
    event.stopPropagation();
    element.setPointerCapture?.(event.pointerId);
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
    events.press();
  };
  const move = (event: PointerEvent) => {
    if (press === null || press.id !== event.pointerId) return;
    event.stopPropagation();
    if (!press.moved && Math.abs(event.clientX - press.x) + Math.abs(event.clientY - press.y) < TAP_TOLERANCE_PX)
      return;
    press.moved = true;
    element.classList.add('map-handle--dragging');
    events.move({ x: event.clientX, y: event.clientY });
  };
  const finish = (event: PointerEvent) => {
    if (press === null || press.id !== event.pointerId) return;
    event.stopPropagation();
    const { moved } = press;
    press = null;
    element.classList.remove('map-handle--dragging');
    if (event.type === 'pointercancel') {
      if (moved) events.cancel();
    } else if (moved) events.end();
    else events.tap();
  };

  element.addEventListener('pointerdown', down);
  element.addEventListener('pointermove', move);
  element.addEventListener('pointerup', finish);
  element.addEventListener('pointercancel', finish);
  // A finger's touch events and the click after a release are not the map's either.
  for (const type of ['touchstart', 'mousedown', 'click', 'dblclick', 'contextmenu'] as const)
    element.addEventListener(type, stop);
  return () => {
    element.removeEventListener('pointerdown', down);
    element.removeEventListener('pointermove', move);
    element.removeEventListener('pointerup', finish);
    element.removeEventListener('pointercancel', finish);
    for (const type of ['touchstart', 'mousedown', 'click', 'dblclick', 'contextmenu'] as const)
      element.removeEventListener(type, stop);
  };
}
