import { describe, expect, it, vi } from 'vitest';
import { rememberTableLink, tableLinkCode, takeTableLink } from './table-link';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

// Issue 17: a table's printed QR link (`/?table={code}`) opens that table, past the sign-in.
describe('the table link of a printed QR', () => {
  it('reads the code of ?table=, and nothing else', () => {
    expect(tableLinkCode('?table=T-K7WQ-01')).toBe('T-K7WQ-01');
    expect(tableLinkCode('?table=%20T-1%20&x=1')).toBe('T-1');
    expect(tableLinkCode('?code=T-1')).toBeNull();
    expect(tableLinkCode('?table=')).toBeNull();
    expect(tableLinkCode(`?table=${'x'.repeat(41)}`)).toBeNull();
  });

  it('keeps the code at start, clears the address bar, and gives it to Home once', () => {
    const storage = memoryStorage();
    const history = { state: { a: 1 }, replaceState: vi.fn() };
    rememberTableLink({ search: '?table=T-K7WQ-01', pathname: '/' }, storage, history);
    expect(history.replaceState).toHaveBeenCalledWith({ a: 1 }, '', '/');
    expect(takeTableLink(storage)).toBe('T-K7WQ-01');
    expect(takeTableLink(storage)).toBeNull();
    rememberTableLink({ search: '', pathname: '/auth' }, storage, history);
    expect(history.replaceState).toHaveBeenCalledTimes(1);
  });
});
