import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../src/db/client';
import { hashPassword } from '../../src/modules/staff/passwords';
import { upsertStaffAccount } from '../../src/modules/staff/repository';

let counter = 0;
/** One scrypt hash for every test account: hashing costs tens of milliseconds. */
export const TEST_STAFF_PASSWORD = 'staff-test-password';
let hashed: Promise<string> | undefined;

/** A staff account made in the database, with its login, e-mail and password. */
export async function staffAccount(
  database: DatabaseHandle,
  fields: { role?: 'manager' | 'kitchen'; chain?: boolean; restaurantIds?: number[] } = {},
): Promise<{ id: number; login: string; email: string; password: string }> {
  counter += 1;
  const login = `staff${counter}.${Math.floor(Math.random() * 1e6)}`;
  const email = `${login}@staff.test`;
  const role = fields.role ?? 'kitchen';
  const id = await upsertStaffAccount(database.db, {
    login,
    name: `Сотрудник ${counter}`,
    email,
    passwordHash: await (hashed ??= hashPassword(TEST_STAFF_PASSWORD)),
    role,
    chain: fields.chain ?? false,
    restaurantIds: fields.restaurantIds ?? (fields.chain ? [] : [1]),
  });
  return { id, login, email, password: TEST_STAFF_PASSWORD };
}

/** The code of the last staff sign-in e-mail sent to this address, from the sandbox outbox. */
export async function lastStaffCode(database: DatabaseHandle, email: string): Promise<string> {
  const row = await database.db
    .selectFrom('sandbox_outbox')
    .select('text')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /(\d{6})/.exec(row.text);
  if (!match?.[1]) throw new Error(`no code in the mail to ${email}`);
  return match[1];
}

/** Signs the account in through both steps and returns its staff token. */
export async function staffToken(
  app: FastifyInstance,
  database: DatabaseHandle,
  account: { login: string; email: string; password: string },
): Promise<string> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/staff/sign-in',
    payload: { login: account.login, password: account.password },
  });
  if (first.statusCode !== 200) throw new Error(`sign-in: ${first.statusCode} ${first.body}`);
  const { challenge } = first.json<{ challenge: string }>();
  const second = await app.inject({
    method: 'POST',
    url: '/api/staff/verify',
    payload: { challenge, code: await lastStaffCode(database, account.email) },
  });
  if (second.statusCode !== 200) throw new Error(`verify: ${second.statusCode} ${second.body}`);
  return second.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
