import type { FastifyPluginAsync } from 'fastify';
import {
  STAFF_AUDIT_PAGE_SIZE,
  STAFF_TEXTS,
  staffAuditCall,
  staffBookingsCall,
  staffGuestFlagsCall,
  staffGuestsCall,
  staffMoveBookingCall,
  staffTablesCall,
  type StaffBooking,
  type StaffGuest,
} from '@chain/contract';
import { bookingBoardSpan, phoneDigits, staffBookingMoves } from '@chain/domain';
import { badRequest, conflict, notFound } from '../../http/errors';
import { publicOrigin } from '../../http/origins';
import { registerCall } from '../../http/route';
import { mayActOn, requireManager, requireRestaurant, staffRestaurant } from './access';
import { writeAudit } from './audit';
import {
  auditPage,
  bookingById,
  bookingsBetween,
  guestByContact,
  lockBooking,
  lockGuest,
  restaurantTables,
  setBookingStatus,
  setGuestFlags,
  type StaffBookingRow,
} from './repository';

/** «+7 *** ***-45-67»: enough for staff to tell guests apart, not to copy a number. */
export function maskedPhone(phone: string | null): string {
  if (!phone) return '';
  return `+7 *** ***-${phone.slice(-4, -2)}-${phone.slice(-2)}`;
}

function guestOf(row: {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  booking: boolean;
  stoplist: boolean;
}): StaffGuest {
  return {
    id: row.id,
    name: row.name,
    phone: maskedPhone(row.phone),
    email: row.email ?? '',
    booking: row.booking,
    stoplist: row.stoplist,
  };
}

function bookingOf(row: StaffBookingRow): StaffBooking {
  return {
    id: row.id,
    booking_num: row.booking_num,
    status: row.status,
    timefrom: row.timefrom.toISOString(),
    timeto: row.timeto.toISOString(),
    persons: row.cntpersons,
    guest_name: row.guest_name,
    guest_phone: row.guest_phone ?? '',
    comment: row.comment,
    min_sum: row.min_sum,
    next: staffBookingMoves(row.status),
  };
}

/** Guests' flags, today's bookings, the tables' codes and the audit log (issue 17, docs/staff.md). */
export const staffManageRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffGuestsCall, async ({ body, staff }) => {
    requireManager(staff);
    const query = body.query.trim();
    const phone = query.includes('@') ? null : phoneDigits(query);
    if (!query.includes('@') && !phone) throw badRequest(STAFF_TEXTS.guestQuery, 'validation');
    const rows = await guestByContact(app.db, phone ? { phone } : { email: query.toLowerCase() });
    return { guests: rows.map(guestOf) };
  });

  registerCall(app, staffGuestFlagsCall, async ({ params, body, staff }) => {
    requireManager(staff);
    return app.db.transaction().execute(async (trx) => {
      const before = await lockGuest(trx, params.id);
      if (!before) throw notFound(STAFF_TEXTS.guestNotFound, 'guest_not_found');
      const after = { booking: body.booking ?? before.booking, stoplist: body.stoplist ?? before.stoplist };
      await setGuestFlags(trx, params.id, after);
      await writeAudit(trx, staff, {
        action: 'guest.flags',
        restaurantId: null,
        target: `гость №${params.id}${before.name ? ` ${before.name}` : ''}`,
        before: { booking: before.booking, stoplist: before.stoplist },
        after,
      });
      return guestOf({ ...before, ...after });
    });
  });

  registerCall(app, staffBookingsCall, async ({ params, staff }) => {
    const restaurant = await staffRestaurant(app.db, staff, params.id);
    const span = bookingBoardSpan(Date.now(), restaurant.time_zone);
    const from = new Date(span.from);
    const to = new Date(span.to);
    const bookings = await bookingsBetween(app.db, params.id, from, to);
    const tables = await restaurantTables(app.db, params.id);
    return {
      restaurant: { id: restaurant.id, name: restaurant.name },
      time_zone: restaurant.time_zone,
      from: from.toISOString(),
      to: to.toISOString(),
      tables: tables.map((table) => ({
        id: table.id,
        num: table.num,
        seats: table.seats,
        bookings: bookings.filter((booking) => booking.table_id === table.id).map(bookingOf),
      })),
    };
  });

  registerCall(app, staffMoveBookingCall, async ({ params, body, staff }) => {
    const found = await bookingById(app.db, params.id);
    // Another restaurant's booking is answered exactly as an unknown id (issue 30 point 7).
    if (!found || !mayActOn(staff, found.restaurant_id))
      throw notFound(STAFF_TEXTS.bookingNotFound, 'booking_not_found');
    await app.db.transaction().execute(async (trx) => {
      const locked = await lockBooking(trx, params.id);
      if (!locked || !(staffBookingMoves(locked.status) as string[]).includes(body.to)) {
        throw conflict(`Бронь ${found.booking_num} нельзя перевести в этот статус.`, 'illegal_booking_move');
      }
      await setBookingStatus(trx, params.id, body.to);
      await writeAudit(trx, staff, {
        action: 'booking.status',
        restaurantId: found.restaurant_id,
        target: `бронь ${found.booking_num}`,
        before: { status: locked.status },
        after: { status: body.to },
      });
    });
    const after = await bookingById(app.db, params.id);
    if (!after) throw notFound(STAFF_TEXTS.bookingNotFound, 'booking_not_found');
    return bookingOf(after);
  });

  registerCall(app, staffTablesCall, async ({ params, staff }) => {
    const restaurant = await staffRestaurant(app.db, staff, params.id);
    const origin = publicOrigin(app);
    const tables = await restaurantTables(app.db, params.id);
    return {
      restaurant: { id: restaurant.id, name: restaurant.name },
      tables: tables.map((table) => ({ ...table, link: `${origin}/?table=${encodeURIComponent(table.code)}` })),
    };
  });

  registerCall(app, staffAuditCall, async ({ body, staff }) => {
    requireManager(staff);
    const restaurantId = body.restaurant_id ?? null;
    if (restaurantId !== null) requireRestaurant(staff, restaurantId);
    const rows = await auditPage(app.db, {
      restaurantIds: staff.chain ? null : staff.restaurantIds,
      restaurantId,
      beforeId: body.before_id ?? null,
      limit: STAFF_AUDIT_PAGE_SIZE,
    });
    return {
      entries: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        staff: { id: row.staff_id, login: row.login, name: row.name },
        action: row.action,
        restaurant_id: row.restaurant_id,
        target: row.target,
        before: row.before,
        after: row.after,
      })),
    };
  });
};
