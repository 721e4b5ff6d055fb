import { type Settings, settingsResponse } from '@chain/contract';
import { type ApiClient, send } from './client';

/**
 * GET /settings.php (SPEC 7), parsed with the contract's schema. No call definition in the
 * contract: the one path the web asks without `call`. Loaded by the settings query's first ask,
 * so the schema library is not on the entry route (issue 18).
 */
export function askSettings(core: ApiClient['send'] = send): Promise<Settings> {
  return core('GET', '/settings.php', undefined, settingsResponse);
}
