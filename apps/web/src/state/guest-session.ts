import { useMemo } from 'react';
import type { User } from './guest-store';
import { useGuestState } from './store';

/** The signed-in guest's id and session token, as the calls of their own things take them. */
export type GuestSession = Pick<User, 'id' | 'password'>;

/**
 * The signed-in guest's session for the screens of their own things (orders, ratings, addresses,
 * profile, feedback, bookings), or null: signed out, or a kiosk, which has none of its own. The
 * same object while the session lasts, so effects that depend on it do not run again.
 */
export function useGuestSession(): GuestSession | null {
  const authorized = useGuestState((state) => state.user.authorized);
  const id = useGuestState((state) => state.user.id);
  const password = useGuestState((state) => state.user.password);
  return useMemo(() => (authorized && id ? { id, password } : null), [authorized, id, password]);
}
