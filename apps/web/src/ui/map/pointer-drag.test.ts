// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followPointerDrag } from './pointer-drag';

// Issue 31: a zone's corner is dragged by pointer events, so a mouse, a pen and a finger move it
// alike (a mouse on a touch screen too); a press that hardly moves is a tap; the map under the
// handle hears none of it.

afterEach(() => {
  document.body.innerHTML = '';
});

function handle() {
  const map = document.createElement('div');
  const element = document.createElement('div');
  map.append(element);
  document.body.append(map);
  const heard: string[] = [];
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'mousedown', 'touchstart', 'click'])
    map.addEventListener(type, () => heard.push(type));
  const events = { press: vi.fn(), move: vi.fn(), end: vi.fn(), tap: vi.fn(), cancel: vi.fn() };
  const stop = followPointerDrag(element, events);
  const pointer = (type: string, x: number, y: number, init: PointerEventInit = {}) =>
    element.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        clientX: x,
        clientY: y,
        pointerId: 1,
        isPrimary: true,
        button: 0,
        ...init,
      }),
    );
  return { map, element, heard, events, stop, pointer };
}

describe('a handle dragged by pointer events', () => {
  it.each(['mouse', 'pen', 'touch'])('follows a %s from press to release, past the tap tolerance', (pointerType) => {
    const { events, pointer, heard, element } = handle();
    pointer('pointerdown', 100, 100, { pointerType });
    pointer('pointermove', 101, 101, { pointerType });
    expect(events.move).not.toHaveBeenCalled();
    pointer('pointermove', 130, 90, { pointerType });
    expect(element.classList.contains('map-handle--dragging')).toBe(true);
    pointer('pointermove', 160, 80, { pointerType });
    pointer('pointerup', 160, 80, { pointerType });
    expect(events.press).toHaveBeenCalledTimes(1);
    expect(events.move.mock.calls).toEqual([[{ x: 130, y: 90 }], [{ x: 160, y: 80 }]]);
    expect(events.end).toHaveBeenCalledTimes(1);
    expect(events.tap).not.toHaveBeenCalled();
    expect(element.classList.contains('map-handle--dragging')).toBe(false);
    // The map under it neither panned nor heard a tap.
    expect(heard).toEqual([]);
  });

  it('takes a press that moves less than 3 px for a tap, and keeps the click after it from the map', () => {
    const { events, pointer, heard, element } = handle();
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 101, 100);
    pointer('pointerup', 101, 100);
    element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    element.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(events.tap).toHaveBeenCalledTimes(1);
    expect(events.end).not.toHaveBeenCalled();
    expect(heard).toEqual([]);
  });

  it('ignores a second finger and a mouse’s other buttons, and undoes a drag the browser cancels', () => {
    const { events, pointer } = handle();
    pointer('pointerdown', 100, 100, { button: 2 });
    pointer('pointermove', 150, 150);
    expect(events.press).not.toHaveBeenCalled();
    pointer('pointerdown', 100, 100, { pointerType: 'touch' });
    pointer('pointerdown', 200, 200, { pointerType: 'touch', pointerId: 2, isPrimary: false });
    pointer('pointermove', 250, 250, { pointerType: 'touch', pointerId: 2, isPrimary: false });
    expect(events.move).not.toHaveBeenCalled();
    pointer('pointermove', 120, 120, { pointerType: 'touch' });
    pointer('pointercancel', 120, 120, { pointerType: 'touch' });
    expect(events.cancel).toHaveBeenCalledTimes(1);
    expect(events.end).not.toHaveBeenCalled();
    // The next press starts afresh.
    pointer('pointerdown', 100, 100);
    pointer('pointerup', 100, 100);
    expect(events.tap).toHaveBeenCalledTimes(1);
  });

  it('stops following once stopped', () => {
    const { events, pointer, stop } = handle();
    stop();
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 150, 150);
    pointer('pointerup', 150, 150);
    expect(events.press).not.toHaveBeenCalled();
    expect(events.tap).not.toHaveBeenCalled();
  });
});
