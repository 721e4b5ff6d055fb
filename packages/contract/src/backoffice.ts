import * as z from 'zod/mini';
import { MAX_WIRE_ID } from './common';

// The back office (issue 31): what a manager edits in the staff app — the menu, restaurants,
// delivery zones, coupons, the chain's texts and settings, the team — and the cancellation of a
// paid order with its money returned. Every call is a staff call (`auth: 'staff'`) for managers;
// a kitchen account is answered 403 «Это может только менеджер.». docs/back-office.md tells the
// whole of it; decision 043 the versions.

/** Words every back-office screen and call shares. */
export const BACKOFFICE_TEXTS = {
  /** A save based on a version someone else has saved over (409 stale_version). */
  staleVersion: 'Пока вы редактировали, это уже изменили. Проверьте новые значения и сохраните ещё раз.',
  saved: 'Сохранено.',
  saving: 'Сохраняем…',
  save: 'Сохранить',
  cancel: 'Отменить',
  reload: 'Взять новые значения',
  /** Shown above the fields someone else changed, beside the value they saved. */
  changedBy: 'Изменено другим сотрудником',
  archived: 'В архиве',
  required: 'Заполните это поле.',
  /** One session or account holding too many of the back office's live streams (429). */
  tooManyStreams: 'Слишком много открытых вкладок управления. Закройте лишние.',
} as const;

/**
 * The back office's live streams (the team's, the refunds'; decision 055) an instance holds at
 * most per staff session, per account and in all: a manager has a few tabs open, and a stream
 * cut off without a goodbye lingers until its idle limit; so room for that, and still one session
 * or account cannot take the instance's.
 */
export const MANAGE_STREAMS_PER_SESSION = 8;
export const MANAGE_STREAMS_PER_STAFF = 20;
export const MANAGE_STREAMS_PER_INSTANCE = 500;

/** The 429 of a back-office stream over its caps, for a call's `errors`. */
export const MANAGE_STREAM_ERRORS = {
  too_many_streams: `the session holds ${MANAGE_STREAMS_PER_SESSION} of this stream on this instance, or the account ${MANAGE_STREAMS_PER_STAFF} (429 «${BACKOFFICE_TEXTS.tooManyStreams}»)`,
  unavailable: `the instance holds ${MANAGE_STREAMS_PER_INSTANCE} of these streams, or is shutting down (503)`,
} as const;

/**
 * The version a row is at (migration 023). Every edit sends the version it was based on; the
 * server saves only over that version and answers 409 `stale_version` with the current row
 * otherwise. A new row has version 1.
 */
export const rowVersion = z
  .int()
  .check(z.minimum(1, 'ожидается версия больше нуля'), z.maximum(MAX_WIRE_ID, 'такой версии нет'));

/** The 409 of a save over a newer version, for a call's `errors`. */
export const STALE_VERSION_ERROR = {
  stale_version: `the row was saved by someone else since the version the edit names (409 «${BACKOFFICE_TEXTS.staleVersion}»); the body's \`current\` is the row as it is now, in the call's answer shape, with its version`,
} as const;

/** The body of a 409 stale_version: the error and the row as it is now, in the shape the call answers. */
export function staleVersionResponse<S extends z.ZodMiniType>(current: S) {
  return z.object({
    success: z.literal(false),
    error: z.literal('stale_version'),
    message: z.string(),
    requestId: z.optional(z.string()),
    current,
  });
}
