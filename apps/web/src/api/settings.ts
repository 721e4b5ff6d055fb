import { useSyncExternalStore } from 'react';
import { type Settings, settingsResponse } from '@chain/contract';
import { type ApiClient, ApiError, REQUEST_FAILED_MESSAGE, apiGet } from './client';

export type SettingsSnapshot =
  | { readonly status: 'loading'; readonly settings: null; readonly error: null }
  | { readonly status: 'ready'; readonly settings: Settings; readonly error: null }
  | { readonly status: 'error'; readonly settings: null; readonly error: ApiError };

const LOADING: SettingsSnapshot = { status: 'loading', settings: null, error: null };

/**
 * GET /settings.php once per visit (SPEC 7), shared by every screen: a small module cache
 * rather than a query library (docs/decisions/004-web-shell.md). A failed load may be retried.
 */
export function createSettingsSource(get: ApiClient['get']) {
  let snapshot: SettingsSnapshot = LOADING;
  let pending: Promise<Settings> | null = null;
  const listeners = new Set<() => void>();

  const publish = (next: SettingsSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  function load(): Promise<Settings> {
    if (snapshot.status === 'ready') return Promise.resolve(snapshot.settings);
    if (pending) return pending;
    if (snapshot.status === 'error') publish(LOADING);
    pending = get('/settings.php', settingsResponse).then(
      (settings) => {
        pending = null;
        publish({ status: 'ready', settings, error: null });
        return settings;
      },
      (cause: unknown) => {
        pending = null;
        const error =
          cause instanceof ApiError ? cause : new ApiError(REQUEST_FAILED_MESSAGE, 'network', null, null, null, { cause });
        publish({ status: 'error', settings: null, error });
        throw error;
      },
    );
    return pending;
  }

  return {
    load,
    /** Loads on first use; errors are in the snapshot, not thrown. */
    ensureLoaded: (): void => {
      if (snapshot.status === 'loading' && !pending) load().catch(() => undefined);
    },
    getSnapshot: (): SettingsSnapshot => snapshot,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SettingsSource = ReturnType<typeof createSettingsSource>;

export const settingsSource = createSettingsSource((path, schema, options) => apiGet(path, schema, options));

/** The chain's settings: loading, ready, or error (with a retry through `settingsSource.load`). */
export function useSettings(): SettingsSnapshot {
  settingsSource.ensureLoaded();
  return useSyncExternalStore(settingsSource.subscribe, settingsSource.getSnapshot, settingsSource.getSnapshot);
}
