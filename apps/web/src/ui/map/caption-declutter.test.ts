// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { type Box, crosses, declutterCaptions, followCaptions, keptCaptions } from './caption-declutter';
import { pinClassName, pinContent } from './pin';

// SPEC 2 Restaurant map: points labelled with the short name, readable where restaurants stand
// close together (decision 033).

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
/** A 44 px pin whose point is (x, y), with an 80×20 caption to its right as pin.css draws it. */
const pinAt = (x: number, y: number, caption = true) => ({
  pin: box(x - 22, y - 44, 44, 44),
  caption: caption ? box(x + 22, y - 38, 80, 20) : null,
});

describe('which captions a map shows', () => {
  it('shows every caption when the pins stand apart', () => {
    expect(keptCaptions([pinAt(0, 100), pinAt(0, 200), pinAt(200, 100)])).toEqual([true, true, true]);
  });

  it('hides a caption that lies over another pin, whatever the order, and keeps the other’s', () => {
    // Патриаршие and Тверская at zoom 10: 8 px across and 4 px up.
    expect(keptCaptions([pinAt(100, 100), pinAt(108, 96)])).toEqual([false, true]);
    expect(keptCaptions([pinAt(108, 96), pinAt(100, 100)])).toEqual([true, false]);
  });

  it('keeps the first of two captions that would cross each other, in the pins’ order', () => {
    // A restaurant and its bar in one building, or one above the other: no caption crosses a pin.
    expect(keptCaptions([pinAt(0, 100), pinAt(0, 100)])).toEqual([true, false]);
    expect(keptCaptions([pinAt(0, 110), pinAt(0, 100)])).toEqual([true, false]);
    expect(keptCaptions([pinAt(0, 100), pinAt(0, 110)])).toEqual([true, false]);
  });

  it('lets a hidden caption take no room from the captions after it', () => {
    // The first caption lies over the second pin and is hidden; the third caption would cross only it.
    const first = { pin: box(0, 0, 10, 10), caption: box(12, 0, 60, 10) };
    const second = { pin: box(40, 2, 10, 10), caption: box(52, 2, 60, 10) };
    const third = { pin: box(0, 30, 10, 10), caption: box(12, 8, 20, 10) };
    expect(keptCaptions([first, second, third])).toEqual([false, true, true]);
  });

  it('shows nothing for a pin without a caption, which still keeps others off it', () => {
    expect(keptCaptions([pinAt(100, 100, false), pinAt(90, 100)])).toEqual([false, false]);
  });

  it('counts boxes that only touch as apart', () => {
    expect(crosses(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBe(false);
    expect(crosses(box(0, 0, 10, 10), box(9, 9, 10, 10))).toBe(true);
  });
});

/** Draws pins as the adapters do and places them on the "screen" (happy-dom lays nothing out). */
function drawPins(container: HTMLElement, points: ReadonlyArray<[number, number]>): HTMLElement[] {
  return points.map(([x, y]) => {
    const pin = document.createElement('div');
    pin.className = pinClassName(true);
    pin.innerHTML = pinContent('Тверская');
    container.append(pin);
    placeAt(pin, x, y);
    return pin;
  });
}

function placeAt(pin: HTMLElement, x: number, y: number) {
  const { pin: pinBox, caption } = pinAt(x, y);
  const rect = (b: Box) => () => ({
    ...b,
    width: b.right - b.left,
    height: b.bottom - b.top,
    x: b.left,
    y: b.top,
    toJSON: () => ({}),
  });
  pin.getBoundingClientRect = rect(pinBox);
  pin.querySelector<HTMLElement>('.map-pin__caption')!.getBoundingClientRect = rect(caption!);
}

const hidden = (pin: HTMLElement) =>
  pin.querySelector('.map-pin__caption')!.classList.contains('map-pin__caption--hidden');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the declutter pass over a map’s pins', () => {
  it('hides the covering caption at the city zoom and shows it again once zooming in spreads the pins', () => {
    const container = document.createElement('div');
    const [patriarshie, tverskaya] = drawPins(container, [
      [100, 100],
      [108, 96],
    ]);
    declutterCaptions(container);
    expect([hidden(patriarshie!), hidden(tverskaya!)]).toEqual([true, false]);

    // Four zoom steps later the two stand sixteen times as far apart.
    placeAt(patriarshie!, 100, 100);
    placeAt(tverskaya!, 228, 36);
    declutterCaptions(container);
    expect([hidden(patriarshie!), hidden(tverskaya!)]).toEqual([false, false]);
  });

  it('runs by itself when pins are added to or taken from the map, and no more once stopped', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const captions = followCaptions(container);
    const [first] = drawPins(container, [[100, 100]]);
    const [second] = drawPins(container, [[108, 96]]);
    await nextFrame();
    expect([hidden(first!), hidden(second!)]).toEqual([true, false]);

    second!.remove();
    await nextFrame();
    expect(hidden(first!)).toBe(false);

    captions.stop();
    container.append(second!);
    await nextFrame();
    expect(hidden(first!)).toBe(false);
  });
});

/** After the pass that a change asked for (a microtask for the observer, then a frame). */
async function nextFrame(): Promise<void> {
  await Promise.resolve();
  await new Promise((resolve) => requestAnimationFrame(resolve));
}
