import * as z from 'zod/mini';

/** GET /api/health: process and database state, for load balancers and people on call. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    state: z.enum(['up', 'down']),
    latencyMs: z.nullable(z.number()),
    error: z.optional(z.string()),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/health/live: the process answers (no database call); restart it when this fails. */
export const livenessResponse = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});
export type LivenessResponse = z.infer<typeof livenessResponse>;

/**
 * GET /api/health/ready: 200 when this instance should get traffic — its database answers, every
 * migration this release knows is applied, and it is not draining after SIGTERM — 503 otherwise,
 * with each check's state so the engineer on call sees why (issue 32).
 */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
    draining: z.boolean(),
  }),
  version: z.string(),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;
