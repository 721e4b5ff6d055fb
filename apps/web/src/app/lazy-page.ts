import { withTimeout } from '@chain/domain';
import { type ComponentType, lazy } from 'react';

/** SPEC 9: a route's code must arrive within 120 s, or the screen says it could not load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** A route's chunk, or a ChunkLoadTimeoutError when it has not arrived within CHUNK_LOAD_TIMEOUT_MS. */
export function loadChunk<T>(chunk: Promise<T>): Promise<T> {
  return withTimeout(chunk, CHUNK_LOAD_TIMEOUT_MS, (ms) => new ChunkLoadTimeoutError(`Not loaded in ${ms} ms`));
}

/** A route screen loaded on demand: its own chunk, fetched when the route is first shown. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(load()));
}
