/**
 * `npm run staff -w @chain/server -- <command>`: the restaurant's staff accounts (issue 17,
 * docs/staff.md). Commands:
 * - `add <login> --name <name> --email <e-mail> --role manager|kitchen (--chain | --restaurant <id> ...)`:
 *   creates the account, or updates the one of this login (its sessions stay; `disable` ends them).
 *   The password is read from STAFF_PASSWORD (at least 10 characters); stored as a scrypt hash.
 *   A kitchen account has exactly one restaurant; a manager one or more, or `--chain` (every one).
 * - `disable <login>`: the account can no longer sign in and its sessions end at once.
 * The account rules are the team screen's (accounts.ts): neither command takes the chain's last
 * active manager of the whole chain away.
 * - `list`: every account, its role, restaurants and whether it is active.
 * Uses the server's configuration (DATABASE_URL, or the PGlite folder, which must not be open by
 * a running server), on a database the server has migrated.
 */
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from '@chain/contract';
import { ConfigError, parseDatabaseConfig } from '../../config';
import { openToolDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { AppError } from '../../http/errors';
import {
  checkStaffAccount,
  disableStaffAccount,
  isRefusal,
  saveStaffAccountByLogin,
  type StaffAccountFields,
} from './accounts';
import { hashPassword, passwordLengthFits } from './passwords';
import { existingRestaurantIds, listStaffAccounts, staffRestaurantIds } from './repository';
import { normaliseLogin } from './sessions';

const USAGE = [
  'Usage: npm run staff -w @chain/server -- add <login> --name <name> --email <e-mail> --role manager|kitchen (--chain | --restaurant <id> ...)',
  '       (the password in STAFF_PASSWORD, at least 10 characters)',
  '       npm run staff -w @chain/server -- disable <login>',
  '       npm run staff -w @chain/server -- list',
].join('\n');

export type AddCommand = StaffAccountFields;

/** The flag each refusal of the account's rules (accounts.ts) names. */
const FLAGS = {
  login: '<login>',
  name: '--name',
  email: '--email',
  role: '--role',
  restaurants: '--restaurant / --chain',
} as const;

/** The `add` command's arguments checked by the accounts' rules (accounts.ts, shared with the team screen), or the reason they are refused. */
export function parseAdd(args: readonly string[]): AddCommand | string {
  const [login = '', ...rest] = args;
  const values = new Map<string, string[]>();
  let chain = false;
  for (let index = 0; index < rest.length; index++) {
    const flag = rest[index] ?? '';
    if (flag === '--chain') {
      chain = true;
      continue;
    }
    const value = rest[index + 1];
    if (!flag.startsWith('--') || value === undefined) return `Unexpected argument: ${flag}`;
    values.set(flag, [...(values.get(flag) ?? []), value]);
    index += 1;
  }
  const checked = checkStaffAccount({
    login,
    name: values.get('--name')?.[0] ?? '',
    email: values.get('--email')?.[0] ?? '',
    role: values.get('--role')?.[0] ?? '',
    chain,
    restaurantIds: (values.get('--restaurant') ?? []).map(Number),
  });
  return isRefusal(checked) ? `${FLAGS[checked.field]}: ${checked.message}` : checked;
}

async function main(args: readonly string[]): Promise<number> {
  const [command = '', ...rest] = args;
  if (!['add', 'disable', 'list'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  let add: AddCommand | null = null;
  let password = '';
  if (command === 'add') {
    const parsed = parseAdd(rest);
    if (typeof parsed === 'string') {
      console.error(`${parsed}\n${USAGE}`);
      return 2;
    }
    password = process.env.STAFF_PASSWORD ?? '';
    if (!passwordLengthFits(password)) {
      console.error(
        `Set STAFF_PASSWORD to the account's password: ${STAFF_PASSWORD_MIN_LENGTH} to ${STAFF_PASSWORD_MAX_LENGTH} characters.`,
      );
      return 2;
    }
    add = parsed;
  }
  const database = await openToolDatabase(parseDatabaseConfig(process.env));
  try {
    if (add) {
      const found = await existingRestaurantIds(database.db, add.restaurantIds);
      const unknown = add.restaurantIds.filter((id) => !found.includes(id));
      if (unknown.length > 0) {
        console.error(`No restaurant with id ${unknown.join(', ')}.`);
        return 1;
      }
      await saveStaffAccountByLogin(database.db, { ...add, passwordHash: await hashPassword(password) });
      console.log(
        `Staff account ${add.login} (${add.role}${add.chain ? ', whole chain' : `, restaurants ${add.restaurantIds.join(', ')}`}) saved.`,
      );
      return 0;
    }
    if (command === 'disable') {
      const login = normaliseLogin(rest[0] ?? '');
      if (!(await disableStaffAccount(database.db, login))) {
        console.error(`No staff account ${login}.`);
        return 1;
      }
      console.log(`Staff account ${login} disabled; its sessions ended.`);
      return 0;
    }
    for (const account of await listStaffAccounts(database.db)) {
      const where = account.chain
        ? 'whole chain'
        : `restaurants ${(await staffRestaurantIds(database.db, account.id)).join(', ') || '—'}`;
      console.log(
        `${account.login}\t${account.role}\t${where}\t${account.email}\t${account.active ? 'active' : 'disabled'}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('cli.ts')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const plain = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof AppError;
      console.error(plain ? error.message : `staff failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
