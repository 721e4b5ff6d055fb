import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import type { Database } from '../db/types';

/**
 * The sandbox services' faults switches (docs/sandbox.md): each a one-row table holding how many
 * of that service's next calls answer HTTP 503, so a person or a test sees the product meet a
 * service that is down.
 */
export type FaultsTable = 'sandbox_mail_faults' | 'sandbox_tips_faults' | 'sandbox_smartcaptcha_faults';

/** Uses up one of the switch's faults, if any is left: true means this call answers 503 (replyFault). */
export async function takeFault(db: Kysely<Database>, table: FaultsTable): Promise<boolean> {
  // The tables share one shape; Kysely types a statement on one of them.
  const fault = await db
    .updateTable(table as 'sandbox_mail_faults')
    .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
    .where('remaining', '>', 0)
    .returning('remaining')
    .executeTakeFirst();
  return fault !== undefined;
}

/** The 503 of a service that is down, as its proxy would answer it. */
export function replyFault(reply: FastifyReply): FastifyReply {
  return reply.status(503).type('text/plain; charset=utf-8').send('503 Service Temporarily Unavailable');
}

const faultsBody = z.object({ count: z.number().int().min(0).max(100) });

/** `POST {path} { count }`: the service's next `count` calls answer 503; a bad count is a 400 with `refusal`, in the service's own shape. */
export function registerFaultsSwitch(app: FastifyInstance, path: string, table: FaultsTable, refusal: object): void {
  app.post(path, async (request, reply) => {
    const parsed = faultsBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(refusal);
    const { count } = parsed.data;
    await app.db
      .insertInto(table as 'sandbox_mail_faults')
      .values({ id: true, remaining: count })
      .onConflict((oc) => oc.column('id').doUpdateSet({ remaining: count }))
      .execute();
    return { count };
  });
}
