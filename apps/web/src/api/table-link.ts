/**
 * A table's printed QR opens the app at `/?table={code}` (issue 17, the staff's QR page). The
 * code is kept in sessionStorage the moment the app starts, before the SPEC 2 guard may send a
 * guest who is not signed in to /auth, so Home opens that table once the guest is in.
 */
const KEY = 'chain-ordering:table-link';
/** A code longer than this is no table code (the server's own bound is 40). */
const MAX_CODE_LENGTH = 40;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The table code of a link's query (`?table=…`), trimmed, or null when it has none. */
export function tableLinkCode(search: string): string | null {
  const code = new URLSearchParams(search).get('table')?.trim() ?? '';
  return code === '' || code.length > MAX_CODE_LENGTH ? null : code;
}

/** At start: keeps the link's table code and takes it out of the address bar. */
export function rememberTableLink(
  location: Pick<Location, 'search' | 'pathname'>,
  storage: Storage,
  history: Pick<History, 'replaceState' | 'state'>,
): void {
  const code = tableLinkCode(location.search);
  if (code === null) return;
  try {
    storage.setItem(KEY, code);
  } catch {
    return; // No storage: the code stays in the address for Home to read.
  }
  history.replaceState(history.state, '', location.pathname);
}

/** Home, once: the table code a link brought, forgotten as it is taken. */
export function takeTableLink(storage: Storage): string | null {
  try {
    const code = storage.getItem(KEY);
    storage.removeItem(KEY);
    return code;
  } catch {
    return null;
  }
}
