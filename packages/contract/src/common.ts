import * as z from 'zod/mini';

/**
 * The body of every error answer: a machine-readable code and a message a person can read
 * (in Russian where the app shows it, SPEC 8). HTTP status carries the class (4xx / 5xx).
 */
export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A 0/1 flag as the wire carries it (SPEC 3 uses 0/1 and "1" flags). */
export const flag = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flag>;

/** Money on the wire: integer kopecks (docs/decisions/003-money-on-the-wire.md). */
export const kopecks = z.int().check(z.minimum(0));
