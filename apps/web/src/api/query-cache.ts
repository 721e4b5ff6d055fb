import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { ApiError, REQUEST_FAILED_MESSAGE } from './api-error';

/*
 * The web's one cache of server data (docs/decisions/018-web-query-cache.md): a query is a keyed
 * set of entries, each loading, ready or failed. One request per key at a time, answers fresh for
 * a stale time, invalidation, and a hook that re-renders on change (useSyncExternalStore). A
 * failure is not kept as an answer: the next use asks again.
 */

export type QueryState<A, T> =
  | { readonly status: 'idle'; readonly args: null; readonly data: null; readonly error: null }
  | { readonly status: 'loading'; readonly args: A; readonly data: null; readonly error: null }
  | { readonly status: 'ready'; readonly args: A; readonly data: T; readonly error: null }
  | { readonly status: 'error'; readonly args: A; readonly data: null; readonly error: ApiError };

/** A state once asked: loading, ready or error. */
export type Asked<A, T> = Exclude<QueryState<A, T>, { status: 'idle' }>;

/** Nothing asked yet (or no arguments to ask with). */
export const IDLE = { status: 'idle', args: null, data: null, error: null } as const;

export interface QueryOptions<A, T> {
  /** Asks the server. Its own retry rules (a second ask on a given refusal) live here. */
  readonly load: (args: A) => Promise<T>;
  /** The entry's key: arguments of equal keys share one entry. Default '' (a query without arguments). */
  readonly key?: (args: A) => string;
  /**
   * How long an answer stays fresh, in ms; a function decides per answer (0: asked again on
   * the next use). Default: the whole visit.
   */
  readonly staleTime?: number | ((data: T) => number);
  /** The most entries kept, the one asked last kept longest; an older one's answer on its way is dropped. Default: all. */
  readonly keep?: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

export interface Query<A, T> {
  readonly key: (args: A) => string;
  /** The answer: a fresh one at once, the one on its way, else a new request. Failures are thrown as ApiError. */
  readonly fetch: (args: A) => Promise<T>;
  /** `fetch` for a screen: loads unless fresh or on its way; a failure is in the state, not thrown. */
  readonly ensure: (args: A) => void;
  /** Asks again even when fresh (a retry button), sharing a request already on its way. Never throws. */
  readonly refetch: (args: A) => void;
  /** Puts an answer in the cache as if it had just arrived (a request on its way for that key is dropped). */
  readonly set: (args: A, data: T) => void;
  /** Marks one entry, or all, stale: the next use asks again; the answer stays shown until the new one comes. */
  readonly invalidate: (args?: A) => void;
  /** The state of these arguments' entry; IDLE when there is none. */
  readonly get: (args: A) => QueryState<A, T>;
  /** The state of the entry asked for or set last; IDLE when there is none. */
  readonly latest: () => QueryState<A, T>;
  readonly subscribe: (listener: () => void) => () => void;
}

interface Entry<A, T> {
  state: Asked<A, T>;
  pending: Promise<T> | null;
  /** When the answer arrived (the query's clock). */
  answeredAt: number;
  invalidated: boolean;
}

/** Whatever failed, what the guest reads: the ApiError as it came, else SPEC 8's request-failed text. */
function asApiError(cause: unknown): ApiError {
  return cause instanceof ApiError
    ? cause
    : new ApiError(REQUEST_FAILED_MESSAGE, 'network', null, null, null, { cause });
}

export function createQuery<A = void, T = unknown>(options: QueryOptions<A, T>): Query<A, T> {
  const entries = new Map<string, Entry<A, T>>();
  const listeners = new Set<() => void>();
  const keyOf = options.key ?? (() => '');
  const now = options.now ?? Date.now;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  /** Makes the entry the one asked last, forgetting the oldest beyond `keep`. */
  function putLast(key: string, entry: Entry<A, T>): void {
    entries.delete(key);
    entries.set(key, entry);
    while (options.keep !== undefined && entries.size > options.keep) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  }

  function fresh(entry: Entry<A, T>): boolean {
    if (entry.state.status !== 'ready' || entry.invalidated) return false;
    const { staleTime = Infinity } = options;
    const lifetime = typeof staleTime === 'function' ? staleTime(entry.state.data) : staleTime;
    return now() - entry.answeredAt < lifetime;
  }

  /** A new request for these arguments; a ready entry keeps showing its answer meanwhile. */
  function ask(args: A): Promise<T> {
    const key = keyOf(args);
    const entry: Entry<A, T> = entries.get(key) ?? {
      state: { status: 'loading', args, data: null, error: null },
      pending: null,
      answeredAt: 0,
      invalidated: false,
    };
    if (entry.state.status === 'error') entry.state = { status: 'loading', args, data: null, error: null };
    putLast(key, entry);
    const current = () => entries.get(key) === entry && entry.pending === promise;
    const promise: Promise<T> = options.load(args).then(
      (data) => {
        if (current()) {
          entry.pending = null;
          entry.state = { status: 'ready', args, data, error: null };
          entry.answeredAt = now();
          entry.invalidated = false;
          notify();
        }
        return data;
      },
      (cause: unknown) => {
        const error = asApiError(cause);
        if (current()) {
          entry.pending = null;
          entry.state = { status: 'error', args, data: null, error };
          notify();
        }
        throw error;
      },
    );
    entry.pending = promise;
    notify();
    return promise;
  }

  function fetch(args: A): Promise<T> {
    const entry = entries.get(keyOf(args));
    if (entry?.pending) return entry.pending;
    if (entry && entry.state.status === 'ready' && fresh(entry)) return Promise.resolve(entry.state.data);
    return ask(args);
  }

  const ignore = () => undefined;

  return {
    key: keyOf,
    fetch,
    ensure: (args) => {
      fetch(args).catch(ignore);
    },
    refetch: (args) => {
      (entries.get(keyOf(args))?.pending ?? ask(args)).catch(ignore);
    },
    set: (args, data) => {
      const key = keyOf(args);
      putLast(key, {
        state: { status: 'ready', args, data, error: null },
        pending: null,
        answeredAt: now(),
        invalidated: false,
      });
      notify();
    },
    invalidate: (args) => {
      const stale = args === undefined ? [...entries.values()] : [entries.get(keyOf(args))];
      for (const entry of stale) if (entry) entry.invalidated = true;
    },
    get: (args) => entries.get(keyOf(args))?.state ?? IDLE,
    latest: () => [...entries.values()].at(-1)?.state ?? IDLE,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A query's state for a screen: asks when the screen opens and when the arguments change (not
 * again while it stays, so a failure waits for the retry button rather than looping). `args`
 * null: nothing to ask yet (idle). Arguments should be stable (useMemo) for objects.
 */
export function useQuery<T>(query: Query<void, T>): Asked<void, T>;
export function useQuery<A, T>(query: Query<A, T>, args: A | null): QueryState<A, T>;
export function useQuery<A, T>(query: Query<A, T>, args?: A | null): QueryState<A, T> {
  const wanted = args as A | null;
  useEffect(() => {
    if (wanted !== null) query.ensure(wanted);
  }, [query, wanted]);
  const read = () => (wanted === null ? IDLE : query.get(wanted));
  const state = useSyncExternalStore(query.subscribe, read, read);
  // Before the first ask lands, a screen with arguments is loading, not idle.
  const asking = useMemo<QueryState<A, T>>(
    () => (wanted === null ? IDLE : { status: 'loading', args: wanted, data: null, error: null }),
    [wanted],
  );
  return state.status === 'idle' ? asking : state;
}
