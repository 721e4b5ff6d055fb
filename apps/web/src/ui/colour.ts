import { cssColour } from '@chain/domain';

/**
 * Colour arithmetic for the runtime brand (docs/design.md: the chain's colours come from settings,
 * text contrast at least 4.5:1). Pure functions; the app applies the result as CSS variables.
 */

export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/**
 * Reads `#rgb`, `#rrggbb` or a 9-character `#aarrggbb` (the wire's, put in CSS order by SPEC 9's
 * rule, the domain's cssColour). The colour is painted opaque, so the alpha pair is dropped.
 */
export function parseHexColour(value: string): Rgb | null {
  const hex = cssColour(value.trim()).replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  let six: string;
  if (hex.length === 3) six = [...hex].map((digit) => digit + digit).join('');
  else if (hex.length === 6 || hex.length === 8) six = hex.slice(0, 6);
  else return null;
  return {
    r: Number.parseInt(six.slice(0, 2), 16),
    g: Number.parseInt(six.slice(2, 4), 16),
    b: Number.parseInt(six.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const INK: Rgb = { r: 27, g: 27, b: 31 };

/** White or ink, whichever reads better on the given background. */
export function readableOn(background: Rgb): Rgb {
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? WHITE : INK;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return {
    r: from.r + (to.r - from.r) * amount,
    g: from.g + (to.g - from.g) * amount,
    b: from.b + (to.b - from.b) * amount,
  };
}

/**
 * The colour, darkened towards ink just enough to reach `ratio` against `background` (used
 * for brand-coloured text and focus rings on white). Returns the colour itself if it already does.
 */
export function withContrast(colour: Rgb, background: Rgb, ratio = 4.5): Rgb {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(colour, INK, step / 20);
    const rounded = { r: Math.round(candidate.r), g: Math.round(candidate.g), b: Math.round(candidate.b) };
    if (contrastRatio(rounded, background) >= ratio) return rounded;
  }
  return INK;
}

/** The CSS custom properties that carry the brand: fill, text on the fill, and brand text on white. */
export function brandVariables(brandColour: string): Record<'--brand' | '--on-brand' | '--brand-ink', string> | null {
  const brand = parseHexColour(brandColour);
  if (!brand) return null;
  return {
    '--brand': toHex(brand),
    '--on-brand': toHex(readableOn(brand)),
    '--brand-ink': toHex(withContrast(brand, WHITE)),
  };
}

/**
 * A status text's colour (the follow page, Мои заказы, the order page): the server's '#AARRGGBB'
 * (SPEC 9 colour rule: opaque on screen), darkened just enough to read on white (docs/design.md: text
 * contrast at least 4.5:1). null: not a colour, the page's own text colour is used.
 */
export function statusTextColour(wireColour: string): string | null {
  const colour = parseHexColour(wireColour);
  return colour ? toHex(withContrast(colour, WHITE)) : null;
}
