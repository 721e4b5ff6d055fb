import * as z from 'zod/mini';
import { flag } from './common';

/**
 * The signed-in user of SPEC 3. `password` is the session token: a random secret the app keeps
 * and sends back with every user-scoped call, with the user id.
 */
export const userResponse = z.object({
  authorized: z.boolean(),
  id: z.int(),
  password: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  card: z.string(),
  city: z.string(),
  street: z.string(),
  house: z.string(),
  room: z.string(),
  booking: flag,
  stoplist: flag,
});
export type User = z.infer<typeof userResponse>;
