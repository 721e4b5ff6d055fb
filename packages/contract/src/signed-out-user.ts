import type * as z from 'zod/mini';
import type { userResponse } from './user';

// A module of its own with type-only imports, so the web app's entry route takes this object
// without the account calls' schemas.

/** The user as the app holds it after sign-out or account deletion (SPEC 4: logout clears user fields). */
export const SIGNED_OUT_USER = {
  authorized: false,
  id: 0,
  password: '',
  name: '',
  phone: '',
  email: '',
  card: '',
  city: '',
  street: '',
  house: '',
  room: '',
  booking: 0,
  stoplist: 0,
} as const satisfies z.output<typeof userResponse>;
