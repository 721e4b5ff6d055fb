import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { hashPassword } from './passwords';
import { existingRestaurantIds, findStaffByLogin, upsertStaffAccount } from './repository';

/**
 * The sandbox's demo staff accounts (SANDBOX=1 with the demo chain; docs/sandbox.md): a chain
 * manager and the kitchen of the first demo restaurant. Their e-mailed codes land in the
 * sandbox outbox (`/sandbox/outbox?to=`). Never created outside the sandbox.
 */
export const DEMO_STAFF = [
  {
    login: 'manager',
    password: 'manager-demo-1',
    name: 'Менеджер сети (демо)',
    email: 'manager@staff.demo',
    role: 'manager',
    chain: true,
    restaurantIds: [],
  },
  {
    login: 'kitchen1',
    password: 'kitchen-demo-1',
    name: 'Кухня на Патриарших (демо)',
    email: 'kitchen1@staff.demo',
    role: 'kitchen',
    chain: false,
    restaurantIds: [1],
  },
] as const;

/** Creates the demo accounts where they are missing (an account already there keeps its password). */
export async function seedDemoStaff(db: Kysely<Database>): Promise<void> {
  for (const account of DEMO_STAFF) {
    if (await findStaffByLogin(db, account.login)) continue;
    const restaurantIds = await existingRestaurantIds(db, [...account.restaurantIds]);
    if (!account.chain && restaurantIds.length === 0) continue;
    await upsertStaffAccount(db, { ...account, restaurantIds, passwordHash: await hashPassword(account.password) });
  }
}
