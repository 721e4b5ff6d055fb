import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { StaffPrincipal } from './access';
import { insertAudit } from './repository';

/** One staff action as the audit log keeps it (docs/staff.md, "Audit log"). */
export interface AuditEntry {
  /** e.g. 'order.status', 'stop_list.dish', 'stop_list.option', 'dish.lock', 'load.set', 'booking.status', 'guest.flags', 'staff.sign_in'. */
  action: string;
  restaurantId: number | null;
  /** What it was done to, e.g. 'order 1042', 'dish 17'. */
  target: string;
  before: unknown;
  after: unknown;
}

/** Writes who did what, when, before and after: call it in the same transaction as the change. */
export async function writeAudit(
  db: Kysely<Database> | Transaction<Database>,
  staff: Pick<StaffPrincipal, 'id'>,
  entry: AuditEntry,
): Promise<void> {
  await insertAudit(db, { staffId: staff.id, ...entry });
}
