import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { KIOSK_DEVICE_IDLE_DAYS, KIOSK_NOT_CONNECTED_MESSAGE } from '@chain/domain';
import type { Database } from '../../db/types';
import { AppError } from '../../http/errors';
import { hashToken } from '../auth';
import { type FollowableOrder, isFollowTokenOf } from '../order-history';
import {
  countLiveKioskDevices,
  endKioskDevice,
  findKioskDevice,
  insertKioskDevice,
  touchKioskDevice,
  type KioskDeviceRow,
} from './repository';

/*
 * A connected kiosk (issue 30 points 1 and 7, decision 038): kiosk/enter with the staff code
 * gives the device a token of 256 random bits, kept by the server as its SHA-256 (as guests'
 * sessions are, auth/sessions.ts). The kiosk sends it with each order and each payment call of its
 * orders; it lasts until kiosk/exit, the device's next kiosk/enter, on call ending the
 * restaurant's kiosks, or KIOSK_DEVICE_IDLE_DAYS without a call.
 */

const IDLE_MS = KIOSK_DEVICE_IDLE_DAYS * 24 * 3_600_000;
/** last_used_at is written at most this often: a busy kiosk costs no write per order. */
const TOUCH_EVERY_MS = 3_600_000;

/** A kiosk that is connected now: its id and restaurant. */
export interface KioskDevice {
  id: number;
  restaurantId: number;
}

export const kioskNotConnected = () => new AppError(403, 'kiosk_not_connected', KIOSK_NOT_CONNECTED_MESSAGE);

/** The device of a token, when it is live (not ended, used within its idle lifetime); a use of it. */
async function liveDevice(db: Kysely<Database>, token: string | undefined, now: Date): Promise<KioskDeviceRow | null> {
  if (!token) return null;
  const device = await findKioskDevice(db, hashToken(token));
  if (!device || device.ended_at !== null || now.getTime() - device.last_used_at.getTime() > IDLE_MS) return null;
  if (now.getTime() - device.last_used_at.getTime() > TOUCH_EVERY_MS)
    await touchKioskDevice(db, device.id, new Date(now.getTime() - TOUCH_EVERY_MS));
  return device;
}

/**
 * The kiosk a kiosk order or kiosk/check comes from: the live device of the token, connected to
 * this restaurant (null: the restaurant named is unknown). Anything else is the one 403
 * «Киоск не подключён…»: no token, a token that is not one, ended, idle too long, or another
 * restaurant's — nothing tells them apart.
 */
export async function requireKioskDevice(
  db: Kysely<Database>,
  token: string | undefined,
  restaurantId: number | null,
  now = new Date(),
): Promise<KioskDevice> {
  const device = await liveDevice(db, token, now);
  if (!device || restaurantId === null || device.restaurant_id !== restaurantId) throw kioskNotConnected();
  return { id: device.id, restaurantId: device.restaurant_id };
}

/**
 * kiosk/enter with the right code: connects the device to the restaurant and answers its new
 * token. The device's previous token, when it sends one, ends with it ('replaced': the same
 * browser connected again, or moved to another restaurant with that one's code).
 */
export async function connectKiosk(
  db: Kysely<Database>,
  restaurantId: number,
  previousToken: string | undefined,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    const previous = previousToken ? await findKioskDevice(trx, hashToken(previousToken)) : undefined;
    if (previous) await endKioskDevice(trx, previous.id, 'replaced');
    await insertKioskDevice(trx, restaurantId, hashToken(token));
  });
  return token;
}

/** kiosk/exit with the right code: ends the token sent, when it is this restaurant's. */
export async function disconnectKiosk(
  db: Kysely<Database>,
  restaurantId: number,
  token: string | undefined,
): Promise<void> {
  const device = token ? await findKioskDevice(db, hashToken(token)) : undefined;
  if (device && device.restaurant_id === restaurantId) await endKioskDevice(db, device.id, 'exit');
}

/** A kiosk order as its payment calls are checked: who may see it and pay it. */
export interface KioskOrder extends FollowableOrder {
  kiosk_device_id: number | null;
}

/**
 * Whether a payment call shows what a kiosk order (no user) answers to (issue 30 point 7): the
 * order's own follow token (decision 023), or the token of the live kiosk it was placed at. A
 * stranger who shows neither is answered as for an unknown order. The follow token is checked
 * first: an HMAC, no query.
 */
export async function opensKioskOrder(
  db: Kysely<Database>,
  secret: string,
  order: KioskOrder,
  shown: { kioskToken?: string | undefined; followToken?: string | undefined },
  now = new Date(),
): Promise<boolean> {
  if (shown.followToken && isFollowTokenOf(secret, order, shown.followToken, now)) return true;
  if (order.kiosk_device_id === null || !shown.kioskToken) return false;
  const device = await liveDevice(db, shown.kioskToken, now);
  return device !== null && device.id === order.kiosk_device_id;
}

/** How many of the restaurant's kiosks are connected now (the back office's restaurant screen). */
export function connectedKioskCount(
  db: Kysely<Database> | Transaction<Database>,
  restaurantId: number,
  now = new Date(),
): Promise<number> {
  return countLiveKioskDevices(db, restaurantId, new Date(now.getTime() - IDLE_MS));
}
