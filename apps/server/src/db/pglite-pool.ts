import type { PGlite, Results } from '@electric-sql/pglite';
import { databaseError } from './monitor';

/**
 * A pool-shaped face for PGlite, so Kysely's PostgresDialect drives both databases through
 * one code path (docs/decisions/001-query-layer.md).
 *
 * PGlite is a single session: a transaction opened by one request would otherwise see the
 * statements of every other request interleaved into it. `connect()` therefore hands out the
 * one session under a lock and `release()` passes it on, which is exactly what a pool of
 * size one does.
 */
export interface PoolLikeClient {
  query(text: string, params?: readonly unknown[]): Promise<{ rows: unknown[]; rowCount: number; command: string }>;
  release(): void;
}

export interface PoolLike {
  connect(): Promise<PoolLikeClient>;
  end(): Promise<void>;
  /** The one session: held (0 or 1) and the calls queued for it (metrics). */
  stats(): PoolStats;
}

/** A pool's figures for the metrics (issue 32): its size, connections handed out, calls waiting for one. */
export interface PoolStats {
  size: number;
  inUse: number;
  waiting: number;
}

export function pglitePool(pg: PGlite): PoolLike {
  let tail: Promise<void> = Promise.resolve();
  /** Calls that asked for the session and have not released it yet: one holds it, the rest wait. */
  let holders = 0;

  async function run(text: string, params: readonly unknown[] = []) {
    // Statements without parameters go through the simple protocol so a migration file with
    // several statements runs as one call, as it does on node-postgres.
    let result: Results | undefined;
    try {
      result = params.length > 0 ? await pg.query(text, [...params]) : (await pg.exec(text)).at(-1);
    } catch (error) {
      throw databaseError(error);
    }
    return {
      rows: result?.rows ?? [],
      rowCount: result?.affectedRows ?? result?.rows.length ?? 0,
      command: result?.command ?? firstWord(text),
    };
  }

  return {
    async connect() {
      holders += 1;
      let releaseLock!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
      await previous;
      let released = false;
      return {
        query: run,
        release() {
          if (released) return;
          released = true;
          holders -= 1;
          releaseLock();
        },
      };
    },
    stats: () => ({ size: 1, inUse: Math.min(holders, 1), waiting: Math.max(holders - 1, 0) }),
    async end() {
      await tail;
      if (!pg.closed) await pg.close();
    },
  };
}

function firstWord(text: string): string {
  return text.trimStart().split(/\s+/, 1)[0]?.toUpperCase() ?? '';
}
