import { type Settings, settingsResponse } from '@chain/contract';
import { type ApiClient, send } from './client';
import { createQuery, type Query } from './query-cache';

/** GET /settings.php (SPEC 7): the chain's settings, asked once per visit (a failure is asked again on the next use). */
export function createSettingsQuery(core: ApiClient['send']): Query<void, Settings> {
  // No call definition in the contract: the one path the web asks without `call`.
  return createQuery<void, Settings>({ load: () => core('GET', '/settings.php', undefined, settingsResponse) });
}

export const settingsQuery = createSettingsQuery(send);
