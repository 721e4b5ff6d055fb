import { brandVariables } from '../ui/colour';

/**
 * Paints the chain's colour from settings (docs/design.md: never from code): the brand fill, the text
 * that reads on it, a brand ink that reads on white, and the browser's theme colour.
 */
export function applyBrand(brandColour: string): void {
  const variables = brandVariables(brandColour);
  if (!variables) return;
  const root = document.documentElement;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', variables['--brand']);
}
