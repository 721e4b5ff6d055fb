import type { Settings } from '@chain/contract';
import { createQuery, type Query } from './query-cache';

/** The chain's settings, asked once per visit (a failure is asked again on the next use). */
export function createSettingsQuery(load: () => Promise<Settings>): Query<void, Settings> {
  return createQuery<void, Settings>({ load });
}

export const settingsQuery = createSettingsQuery(() =>
  import('./settings-call').then((settings) => settings.askSettings()),
);
