import { useSyncExternalStore } from 'react';
import type { StaffMe } from '@chain/contract';

/**
 * The staff session on this device: the token and who it is, kept in sessionStorage (a shared
 * tablet: closing the browser signs out), never beside a guest's state.
 */
export interface StaffSession {
  readonly token: string;
  readonly me: StaffMe;
}

const KEY = 'chain-staff-session';
const listeners = new Set<() => void>();
let current: StaffSession | null = read();

function read(): StaffSession | null {
  try {
    const text = globalThis.sessionStorage?.getItem(KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<StaffSession>;
    return typeof parsed.token === 'string' && parsed.me ? (parsed as StaffSession) : null;
  } catch {
    return null;
  }
}

export function staffSession(): StaffSession | null {
  return current;
}

export function setStaffSession(session: StaffSession | null): void {
  current = session;
  try {
    if (session) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(session));
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Private mode without storage: the session lives until the page closes.
  }
  for (const listener of listeners) listener();
}

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
