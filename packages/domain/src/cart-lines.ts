import { wholeCount } from './count';
import { fnv1a32 } from './hash';
import type { Id, Kopecks } from './units';

/*
 * The cart's lines and how a guest changes them (SPEC 3, 4): what every screen that adds to the
 * cart needs, apart from pricing (cart.ts), so the entry route loads these few functions only.
 */

/** A chosen multi option of a line: its own count; the copied price is informative only (SPEC 3). */
export interface ChosenOption {
  readonly specid: Id;
  readonly cnt: number;
  readonly price?: Kopecks;
}

/** What makes a cart line distinct: dish, single option and multi options (SPEC 3). */
export interface LineChoice {
  readonly item: Id;
  readonly spec?: Id | null;
  readonly specs?: readonly ChosenOption[];
}

/** A cart line as the client keeps it and sends it (SPEC 3). */
export interface CartLine {
  readonly token: string;
  readonly item: Id;
  readonly cnt: number;
  readonly comment: string;
  readonly spec?: Id | null;
  readonly specs: readonly ChosenOption[];
}

/** The line token: FNV-1a hex of item id, single option id and the sorted multi options with counts (SPEC 3). */
export function lineToken(choice: LineChoice): string {
  const specs = (choice.specs ?? [])
    .filter((option) => wholeCount(option.cnt) > 0)
    .map((option) => `${option.specid}:${option.cnt}`)
    .toSorted();
  return fnv1a32(`${choice.item}|${choice.spec ?? ''}|${specs.join(',')}`);
}

// An existing line keeps its comment; a new line goes last; a count below 1 changes nothing.
/** The cart after adding cnt (default 1) of a choice; an existing token raises its count (SPEC 4). */
export function addToCart(
  lines: readonly CartLine[],
  choice: LineChoice & { readonly cnt?: number; readonly comment?: string },
): CartLine[] {
  const count = wholeCount(choice.cnt ?? 1);
  if (count === 0) return [...lines];
  const token = lineToken(choice);
  if (lines.some((line) => line.token === token)) {
    return lines.map((line) => (line.token === token ? { ...line, cnt: line.cnt + count } : line));
  }
  const line: CartLine = {
    token,
    item: choice.item,
    cnt: count,
    comment: choice.comment ?? '',
    spec: choice.spec ?? null,
    specs: choice.specs ?? [],
  };
  return [...lines, line];
}

/** The cart with a line's count set; zero or below removes the line (SPEC 4). */
export function setLineCount(lines: readonly CartLine[], token: string, cnt: number): CartLine[] {
  if (cnt <= 0) return lines.filter((line) => line.token !== token);
  return lines.map((line) => (line.token === token ? { ...line, cnt } : line));
}

/** The cart with a line's count changed by delta (+1 / -1); reaching zero or below removes it (SPEC 4). */
export function changeLineCount(lines: readonly CartLine[], token: string, delta: number): CartLine[] {
  const line = lines.find((candidate) => candidate.token === token);
  return line === undefined ? [...lines] : setLineCount(lines, token, line.cnt + delta);
}

/** The cart without the line of this token (SPEC 2: delete). */
export function removeLine(lines: readonly CartLine[], token: string): CartLine[] {
  return lines.filter((line) => line.token !== token);
}
