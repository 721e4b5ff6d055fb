import type * as z from 'zod/mini';
import { badRequest } from './errors';

/**
 * Checks a request part against its contract schema; a mismatch is a 400 whose message
 * names the field, so a client developer can see what to fix.
 */
export function parseRequest<S extends z.ZodMiniType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : 'запрос';
  throw badRequest(`Некорректное поле «${field}»: ${issue?.message ?? 'неверное значение'}.`, 'validation');
}
