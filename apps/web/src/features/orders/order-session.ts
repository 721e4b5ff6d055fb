import { useMemo } from 'react';
import { useAppState } from '../../state/store';

/** The signed-in guest's id and token for order/listUser and the events stream, or null (a kiosk has no orders of its own). */
export function useOrderSession(): { id: string; password: string } | null {
  const authorized = useAppState((state) => state.user.authorized);
  const id = useAppState((state) => state.user.id);
  const password = useAppState((state) => state.user.password);
  return useMemo(() => (authorized && id ? { id, password } : null), [authorized, id, password]);
}
