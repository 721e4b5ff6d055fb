import { describe, expect, it } from 'vitest';
import { cssColour } from '../src/colour';

describe('server colours (SPEC 9)', () => {
  it('moves the alpha pair of a 9-character colour to the end (SPEC 9)', () => {
    expect(cssColour('#80FF0000')).toBe('#FF000080');
    expect(cssColour('#AA112233')).toBe('#112233AA');
  });

  it('leaves other colours unchanged (SPEC 9)', () => {
    expect(cssColour('#FF0000')).toBe('#FF0000');
    expect(cssColour('#F00')).toBe('#F00');
    expect(cssColour('red')).toBe('red');
    expect(cssColour('#80FF00001')).toBe('#80FF00001');
  });
});
