import type { DatabaseHandle } from '../../src/db/client';
import { openSession } from '../../src/modules/auth/sessions';

/** A signed-in user made directly in the database, for tests of user-scoped calls. */
export async function signedInUser(
  database: DatabaseHandle,
  fields: { phone?: string; email?: string; name?: string } = {},
): Promise<{ id: number; token: string }> {
  const user = await database.db
    .insertInto('users')
    .values({
      phone: fields.phone ?? `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      email: fields.email ?? null,
      name: fields.name ?? 'Гость',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, token: await openSession(database.db, user.id) };
}
