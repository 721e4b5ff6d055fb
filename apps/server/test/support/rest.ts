import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { post } from './calls';

/** Runs an action of the generic call (POST /rest/) as the given user, or as nobody; fails on 5xx. */
export function action(
  app: FastifyInstance,
  name: string,
  fields: unknown,
  user?: { id: number; token: string } | null,
): Promise<LightMyRequestResponse> {
  return post(app, '/rest/', {
    ...(user ? { user_id: user.id, token: user.token } : {}),
    action: name,
    fields,
    version: 3,
  });
}

/** Gives the user the booking flag (SPEC 2: the booking tile shows for booking = 1). */
export async function allowBooking(database: DatabaseHandle, userId: number): Promise<void> {
  await database.db.updateTable('users').set({ booking: true }).where('id', '=', userId).execute();
}

const HOUR = 3_600_000;

/**
 * The moment nearest to now (at most three and a half days away) at which Moscow's clock shows
 * `weekday` (Monday 1 … Sunday 7) at `minuteOfDay`, so a test that freezes the clock there sees
 * the same weekday and hour on every run, and sessions opened at the real time stay valid.
 */
export function nearestMoscowClock(weekday: number, minuteOfDay: number, now = Date.now()): Date {
  const moscow = new Date(now + 3 * HOUR);
  const today = ((moscow.getUTCDay() + 6) % 7) + 1;
  const midnight = Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate()) - 3 * HOUR;
  const target = (shift: number) => midnight + shift * 24 * HOUR + minuteOfDay * 60_000;
  const shifts = [-7, 0, 7].map((week) => week + weekday - today);
  const best = shifts.reduce((a, b) => (Math.abs(target(a) - now) < Math.abs(target(b) - now) ? a : b));
  return new Date(target(best));
}

/** The Wednesday 12:00 Moscow time nearest to now (see nearestMoscowClock). */
export function nearestWednesdayNoonMoscow(now = Date.now()): Date {
  return nearestMoscowClock(3, 12 * 60, now);
}

/** Freezes Date (only Date: timers, the database and the network keep running) at `at`. */
export function freezeDate(at: Date): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

export function unfreezeDate(): void {
  vi.useRealTimers();
}
