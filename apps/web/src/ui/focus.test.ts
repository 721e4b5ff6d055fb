import { describe, expect, it } from 'vitest';
import { wrapFocusIndex } from './focus';

describe('focus trap of dialogs, sheets and the drawer', () => {
  it('wraps from the last element to the first on Tab', () => {
    expect(wrapFocusIndex(2, 3, false)).toBe(0);
  });

  it('wraps from the first element to the last on Shift+Tab', () => {
    expect(wrapFocusIndex(0, 3, true)).toBe(2);
  });

  it('lets the browser move focus between inner elements', () => {
    expect(wrapFocusIndex(1, 3, false)).toBeNull();
    expect(wrapFocusIndex(1, 3, true)).toBeNull();
  });

  it('pulls focus back in when it is outside the container', () => {
    expect(wrapFocusIndex(-1, 3, false)).toBe(0);
    expect(wrapFocusIndex(-1, 3, true)).toBe(2);
  });

  it('does nothing when nothing inside can take focus', () => {
    expect(wrapFocusIndex(-1, 0, false)).toBeNull();
  });
});
