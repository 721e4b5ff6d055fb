/** A TCP port free on loopback right now. */
export function freePort(): Promise<number>;

/** The product started by startProduct: where it answers, and how to end it (and remove its data folder). */
export interface RunningProduct {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * The server on a free loopback port with a fresh data folder (named from `dataPrefix`) and the
 * sandbox, once /api/health answers (within 60 s, or it is stopped and this throws). `env` adds
 * to the environment.
 */
export function startProduct(options: { dataPrefix: string; env?: Record<string, string> }): Promise<RunningProduct>;
