import { STAFF_TEXTS, type StaffRole } from '@chain/contract';
import { forbidden } from '../../http/errors';

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

/** The actor of an order's status history for this staff member (order-history/status.ts). */
export function staffActor(staff: StaffPrincipal): `staff:${number}` {
  return `staff:${staff.id}`;
}
