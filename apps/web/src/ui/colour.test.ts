import { describe, expect, it } from 'vitest';
import { brandVariables, contrastRatio, parseHexColour, readableOn, toHex, WHITE, withContrast } from './colour';

describe('brand colour (docs/design.md colour, contrast at least 4.5:1)', () => {
  it('reads short, long and 9-character colours; the 9-character one keeps its last six (SPEC 9)', () => {
    expect(parseHexColour('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
    expect(parseHexColour('#C8102E')).toEqual({ r: 0xc8, g: 0x10, b: 0x2e });
    expect(parseHexColour('#80C8102E')).toEqual({ r: 0xc8, g: 0x10, b: 0x2e });
  });

  it('rejects what is not a hex colour', () => {
    expect(parseHexColour('red')).toBeNull();
    expect(parseHexColour('#12345')).toBeNull();
    expect(parseHexColour('')).toBeNull();
  });

  it('measures the WCAG ratio of black on white as 21', () => {
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, WHITE)).toBeCloseTo(21, 5);
  });

  it('puts white text on a dark brand and ink on a light one', () => {
    expect(toHex(readableOn({ r: 0x1a, g: 0x4d, b: 0x2e }))).toBe('#ffffff');
    expect(toHex(readableOn({ r: 0xff, g: 0xd5, b: 0x4f }))).toBe('#1b1b1f');
  });

  it('darkens a light brand until it reads as text on white at 4.5:1', () => {
    const yellow = { r: 0xff, g: 0xd5, b: 0x4f };
    expect(contrastRatio(withContrast(yellow, WHITE), WHITE)).toBeGreaterThanOrEqual(4.5);
    const dark = { r: 0x1a, g: 0x4d, b: 0x2e };
    expect(withContrast(dark, WHITE)).toEqual(dark);
  });

  it('derives the brand variables, or nothing for a broken colour', () => {
    expect(brandVariables('#C8102E')).toEqual({
      '--brand': '#c8102e',
      '--on-brand': '#ffffff',
      '--brand-ink': '#c8102e',
    });
    expect(brandVariables('nonsense')).toBeNull();
  });
});
