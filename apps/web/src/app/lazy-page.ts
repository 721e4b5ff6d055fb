import { type ComponentType, lazy } from 'react';

/** SPEC 9: a route's code must arrive within 120 s, or the screen says it could not load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** The promise, or a rejection after `ms` if it has not settled by then. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(`Not loaded in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A route screen loaded on demand: its own chunk, fetched when the route is first shown. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS));
}
