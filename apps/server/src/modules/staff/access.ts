import type { Kysely } from 'kysely';
import { STAFF_TEXTS, type StaffRole } from '@chain/contract';
import type { Database } from '../../db/types';
import { forbidden, notFound } from '../../http/errors';
import { RESTAURANT_NOT_FOUND_MESSAGE } from '../restaurants';
import { restaurantForStaff } from './repository';

/**
 * A signed-in staff member as a handler is given it (registerCall, `auth: 'staff'`): who, the
 * role, and where they may act. A kitchen account has exactly one restaurant; a chain manager
 * (`chain`) every restaurant, present and future.
 */
export interface StaffPrincipal {
  id: number;
  login: string;
  name: string;
  role: StaffRole;
  chain: boolean;
  restaurantIds: number[];
  /** The session's id, for sign-out. */
  sessionId: number;
}

/** Whether this staff member may act on the restaurant. */
export function mayActOn(staff: StaffPrincipal, restaurantId: number): boolean {
  return staff.chain || staff.restaurantIds.includes(restaurantId);
}

/** 403 other_restaurant («Нет доступа к этому ресторану.») unless the staff member may act on it. */
export function requireRestaurant(staff: StaffPrincipal, restaurantId: number): void {
  if (!mayActOn(staff, restaurantId)) throw forbidden(STAFF_TEXTS.otherRestaurant, 'other_restaurant');
}

/** 403 manager_only («Это может только менеджер.») for a kitchen account. */
export function requireManager(staff: StaffPrincipal): void {
  if (staff.role !== 'manager') throw forbidden(STAFF_TEXTS.managerOnly, 'manager_only');
}

/** 403 chain_manager_only («Это может только менеджер сети.») for anyone but a manager of the whole chain. */
export function requireChainManager(staff: StaffPrincipal): void {
  if (staff.role !== 'manager' || !staff.chain) throw forbidden(STAFF_TEXTS.chainManagerOnly, 'chain_manager_only');
}

/** The actor of an order's status history for this staff member (order-history/status.ts). */
export function staffActor(staff: StaffPrincipal): `staff:${number}` {
  return `staff:${staff.id}`;
}

/**
 * The restaurant a staff call names, once the staff member may act on it (403 otherwise): its
 * name, time zone and menus; 404 «Ресторан не найден» for none. Every restaurant-scoped staff call
 * starts here.
 */
export async function staffRestaurant(db: Kysely<Database>, staff: StaffPrincipal, restaurantId: number) {
  requireRestaurant(staff, restaurantId);
  const restaurant = await restaurantForStaff(db, restaurantId);
  if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND_MESSAGE, 'restaurant_not_found');
  return restaurant;
}
