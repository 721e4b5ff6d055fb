import { logoutCall } from '@chain/contract';
import type { User } from '../state/guest-store';
import { call } from './client';

/** How long sign-out waits for the server before giving up (the guest is signed out anyway). */
const LOGOUT_TIMEOUT_MS = 5000;

/**
 * POST /api/v1/user/logout {user_id, token}: ends this session on the server (decision 008).
 * Best effort: the guest is signed out on this device whatever the answer, so it never throws.
 */
export async function endSession(user: Pick<User, 'id' | 'password'>): Promise<void> {
  if (user.id === '' || user.password === '') return;
  try {
    await call(
      logoutCall,
      { user_id: user.id, token: user.password },
      {
        signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
      },
    );
  } catch {
    // A lost or refused sign-out still signs the guest out here; an unused session lapses (decision 008).
  }
}
