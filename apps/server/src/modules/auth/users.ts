import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { UserRow } from './sessions';

/**
 * The user of this phone or e-mail; a new contact creates one (SPEC 4: signing in with a known
 * contact reaches the same user). Safe when two sign-ins of a new contact race.
 */
export async function findOrCreateUser(db: Kysely<Database>, contact: { phone: string } | { email: string }): Promise<UserRow> {
  const column = 'phone' in contact ? 'phone' : 'email';
  const value = 'phone' in contact ? contact.phone : contact.email;
  await db
    .insertInto('users')
    .values(column === 'phone' ? { phone: value } : { email: value })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
  return db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirstOrThrow();
}
