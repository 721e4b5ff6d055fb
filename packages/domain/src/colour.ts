// SPEC 9: '#' then the last six characters then the two after the first.
/** A 9-character '#AARRGGBB' as '#RRGGBBAA'; other colours unchanged (SPEC 9). */
export function cssColour(colour: string): string {
  return colour.length === 9 ? `#${colour.slice(3)}${colour.slice(1, 3)}` : colour;
}
