import './pin.css';

/*
 * The map's pin, the same whichever provider draws it (docs/design.md Maps): a pin head drawn in CSS
 * (pin.css) and, on the restaurant map, a caption beside it. Leaflet puts this markup into its
 * marker element; the Yandex adapter into a placemark layout of its own.
 */

/** The pin's square (a 44 px target); its point is the middle of the bottom edge. */
export const PIN_SIZE = 44;

export const PIN_CLASS = 'map-pin';
export const CAPTION_CLASS = 'map-pin__caption';
/** A caption the declutter pass hides (pin.css: not seen, not tapped). */
export const CAPTION_HIDDEN_CLASS = 'map-pin__caption--hidden';

/** The pin element's classes. */
export function pinClassName(captioned: boolean): string {
  return captioned ? `${PIN_CLASS} ${PIN_CLASS}--captioned` : PIN_CLASS;
}

/** What is inside the pin element: the head, and the caption when there is one (markup the caller made safe). */
export function pinContent(captionHtml: string | null): string {
  const head = `<span class="${PIN_CLASS}__head"></span>`;
  return captionHtml === null ? head : `${head}<span class="${CAPTION_CLASS}">${captionHtml}</span>`;
}

/** Text as HTML that shows it as it is. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
