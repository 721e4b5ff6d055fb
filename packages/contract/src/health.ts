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
