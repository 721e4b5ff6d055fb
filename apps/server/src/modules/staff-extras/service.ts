import type { Kysely, Transaction } from 'kysely';
import { EXTRAS_LIMITS, EXTRAS_TEXTS, type CutleryItem, type RecommendedItem, type StaffExtras } from '@chain/contract';
import { ORDER_TYPES } from '@chain/domain';
import type { Database, OrderType } from '../../db/types';
import { badRequest, conflict } from '../../http/errors';
import { savedOrStale } from '../../http/versioned';
import { uniqueViolation } from '../account';
import { type StaffPrincipal, writeAudit } from '../staff';
import {
  activeDishes,
  countCutlery,
  countRecommended,
  dishIsActive,
  dishRecommendedElsewhere,
  findCutlery,
  findRecommended,
  insertCutlery,
  insertRecommended,
  listCutlery,
  listRecommended,
  updateCutlery,
  updateRecommended,
  type CutleryRow,
  type CutleryValues,
  type RecommendedRow,
  type RecommendedValues,
} from './repository';

// The rules of the back office's cutlery and recommended items (issue 31, decision 045): the
// chain's lists, edited by a manager of the whole chain, each save over the version it was based
// on and audited in its transaction; archived, never deleted (orders name them).

type Trx = Transaction<Database>;

/** The order types chosen, once each, in the one order (SPEC 1). */
function orderTypesOf(chosen: readonly OrderType[]): OrderType[] {
  return ORDER_TYPES.filter((type) => chosen.includes(type));
}

export function cutleryView(row: CutleryRow): CutleryItem {
  const { archived_at, ...rest } = row;
  return { ...rest, archived: archived_at !== null };
}

export function recommendedView(row: RecommendedRow): RecommendedItem {
  const { archived_at, ...rest } = row;
  return { ...rest, archived: archived_at !== null };
}

export async function staffExtras(db: Kysely<Database>, staff: StaffPrincipal): Promise<StaffExtras> {
  return {
    cutlery: (await listCutlery(db)).map(cutleryView),
    recommended: (await listRecommended(db)).map(recommendedView),
    dishes: await activeDishes(db),
    may_edit: staff.role === 'manager' && staff.chain,
  };
}

/** A cutlery item's fields checked together: the free count within the maximum. */
export function cutleryValues(
  fields: Omit<CutleryValues, 'order_types'> & { order_types: readonly OrderType[] },
): CutleryValues {
  if (fields.free_cnt > fields.max) throw badRequest(`free_cnt: ${EXTRAS_TEXTS.freeAboveMax}`, 'validation');
  return { ...fields, order_types: orderTypesOf(fields.order_types) };
}

const mapped = <R, V>(row: R | undefined, view: (row: R) => V): V | undefined =>
  row === undefined ? undefined : view(row);

const cutleryTarget = (row: { id: number; name: string }) => `прибор №${row.id} «${row.name}»`;
const recommendedTarget = (row: { id: number; dish_name: string }) => `рекомендация №${row.id} «${row.dish_name}»`;

export async function createCutlery(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  values: CutleryValues,
): Promise<CutleryItem> {
  return db.transaction().execute(async (trx) => {
    if ((await countCutlery(trx)) >= EXTRAS_LIMITS.cutleryItems)
      throw badRequest(EXTRAS_TEXTS.tooManyCutlery, 'validation');
    const saved = cutleryView(await insertCutlery(trx, values));
    await writeAudit(trx, staff, {
      action: 'cutlery.create',
      restaurantId: null,
      target: cutleryTarget(saved),
      before: null,
      after: saved,
    });
    return saved;
  });
}

export async function saveCutlery(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  version: number,
  values: CutleryValues,
): Promise<CutleryItem> {
  return db.transaction().execute(async (trx) => {
    const before = await findCutlery(trx, id);
    const updated = await updateCutlery(trx, id, version, values);
    const saved = cutleryView(
      await savedOrStale(updated, async () => mapped(await findCutlery(trx, id), cutleryView), {
        message: EXTRAS_TEXTS.cutleryNotFound,
        code: 'cutlery_not_found',
      }),
    );
    await writeAudit(trx, staff, {
      action: 'cutlery.save',
      restaurantId: null,
      target: cutleryTarget(saved),
      before: before ? cutleryView(before) : null,
      after: saved,
    });
    return saved;
  });
}

/** A recommendation's dish must be an active dish no other live recommendation names. */
async function checkRecommendedDish(trx: Trx, values: RecommendedValues, exceptId: number | null): Promise<void> {
  if (!(await dishIsActive(trx, values.dish_id)))
    throw badRequest(`dish_id: ${EXTRAS_TEXTS.dishNotFound}`, 'validation');
  if (!values.archived && (await dishRecommendedElsewhere(trx, values.dish_id, exceptId)))
    throw conflict(EXTRAS_TEXTS.dishRecommended, 'dish_recommended');
}

/** Two saves naming one dish at once: the partial unique index lets one through. */
async function oneLivePerDish<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) !== null) throw conflict(EXTRAS_TEXTS.dishRecommended, 'dish_recommended');
    throw error;
  }
}

export function recommendedValues(
  fields: Omit<RecommendedValues, 'order_types'> & { order_types: readonly OrderType[] },
): RecommendedValues {
  return { ...fields, order_types: orderTypesOf(fields.order_types) };
}

export async function createRecommended(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  values: RecommendedValues,
): Promise<RecommendedItem> {
  return oneLivePerDish(() =>
    db.transaction().execute(async (trx) => {
      if ((await countRecommended(trx)) >= EXTRAS_LIMITS.recommendedItems)
        throw badRequest(EXTRAS_TEXTS.tooManyRecommended, 'validation');
      await checkRecommendedDish(trx, values, null);
      const row = await findRecommended(trx, await insertRecommended(trx, values));
      if (!row) throw new Error('the recommendation just made is not there');
      const saved = recommendedView(row);
      await writeAudit(trx, staff, {
        action: 'recommended.create',
        restaurantId: null,
        target: recommendedTarget(saved),
        before: null,
        after: saved,
      });
      return saved;
    }),
  );
}

export async function saveRecommended(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  version: number,
  values: RecommendedValues,
): Promise<RecommendedItem> {
  return oneLivePerDish(() =>
    db.transaction().execute(async (trx) => {
      const beforeRow = await findRecommended(trx, id);
      const before = beforeRow ? recommendedView(beforeRow) : undefined;
      // A stale or missing row answers as such before the dish is looked at.
      if (before && before.version === version) await checkRecommendedDish(trx, values, id);
      const updatedId = await updateRecommended(trx, id, version, values);
      await savedOrStale(updatedId, async () => mapped(await findRecommended(trx, id), recommendedView), {
        message: EXTRAS_TEXTS.recommendedNotFound,
        code: 'recommended_not_found',
      });
      const row = await findRecommended(trx, id);
      if (!row) throw new Error('the recommendation just saved is not there');
      const saved = recommendedView(row);
      await writeAudit(trx, staff, {
        action: 'recommended.save',
        restaurantId: null,
        target: recommendedTarget(saved),
        before: before ?? null,
        after: saved,
      });
      return saved;
    }),
  );
}
