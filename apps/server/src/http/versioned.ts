import { BACKOFFICE_TEXTS } from '@chain/contract';
import { AppError, notFound } from './errors';

/**
 * A save over a row someone else saved since the version the edit was based on (issue 31,
 * decision 043): 409 `stale_version` whose body carries `current`, the row as it is now in the
 * call's answer shape, so the screen can show what changed and save again on top of it.
 */
export class StaleVersionError extends AppError {
  constructor(readonly current: unknown) {
    super(409, 'stale_version', BACKOFFICE_TEXTS.staleVersion, { current });
    this.name = 'StaleVersionError';
  }
}

/**
 * What a versioned update returned, turned into the saved row or the right refusal. The update is
 * `… set …, version = version + 1 where id = $id and version = $version returning …`: a row back
 * is saved; none back means the row is gone (404 with `missing`'s words) or is at another version,
 * and then `readCurrent` (called in the same transaction) gives the row as it is now for the 409.
 */
export async function savedOrStale<Row, Current>(
  updated: Row | undefined,
  readCurrent: () => Promise<Current | undefined>,
  missing: { message: string; code: string },
): Promise<Row> {
  if (updated !== undefined) return updated;
  const current = await readCurrent();
  if (current === undefined) throw notFound(missing.message, missing.code);
  throw new StaleVersionError(current);
}
