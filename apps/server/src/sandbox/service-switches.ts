import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';
import { badRequest, notFound } from '../http/errors';
import { normaliseContact } from '../modules/auth';

/** The settings that switch Home's service tiles (SPEC 2 Home, SPEC 3 Settings). */
export const SERVICE_SETTINGS = ['allow_predzakaz', 'allow_delayed', 'show_zagruzka', 'show_restmap'] as const;

const onOff = z.union([z.literal(0), z.literal(1)]);
const settingsBody = z
  .object(
    Object.fromEntries(SERVICE_SETTINGS.map((key) => [key, onOff.optional()])) as Record<
      (typeof SERVICE_SETTINGS)[number],
      z.ZodOptional<typeof onOff>
    >,
  )
  .strict();
const stopBody = z
  .object({
    restaurant: z.number().int().positive(),
    dish: z.number().int().positive(),
    stopped: z.boolean(),
    reason: z.string().max(200).optional(),
  })
  .strict();
const flagsBody = z
  .object({ contact: z.string().min(3).max(254), booking: z.boolean().optional(), stoplist: z.boolean().optional() })
  .strict();

/**
 * The sandbox's switches of the service tiles (docs/sandbox.md), so a person or a test sees Home
 * with a tile on and off without editing the database: POST /sandbox/settings sets the tiles'
 * settings (0 or 1), POST /sandbox/user-flags a guest's booking and stop-list flags by their
 * phone or e-mail, and POST /sandbox/stop-list a dish on or off a restaurant's stop list (so the
 * stop list and a delayed order's unavailable dish can be seen). Mounted with the sandbox only.
 */
export const serviceSwitchSandboxRoutes: FastifyPluginAsync = async (app) => {
  app.post('/sandbox/settings', async (request) => {
    const body = settingsBody.safeParse(request.body ?? {});
    if (!body.success) throw badRequest(`Ожидаются 0 или 1 для: ${SERVICE_SETTINGS.join(', ')}.`, 'validation');
    await app.db.transaction().execute(async (trx) => {
      for (const key of SERVICE_SETTINGS) {
        const value = body.data[key];
        if (value === undefined) continue;
        await trx
          .updateTable('settings')
          .set({ value: JSON.stringify(value) })
          .where('key', '=', key)
          .execute();
      }
    });
    const rows = await app.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', [...SERVICE_SETTINGS])
      .execute();
    return Object.fromEntries(
      rows.map((row) => [row.key, typeof row.value === 'string' ? JSON.parse(row.value) : row.value]),
    );
  });

  app.post('/sandbox/user-flags', async (request) => {
    const body = flagsBody.safeParse(request.body ?? {});
    if (!body.success)
      throw badRequest(
        'Ожидаются contact (телефон или e-mail гостя) и флаги booking, stoplist (true или false).',
        'validation',
      );
    const contact = normaliseContact(body.data.contact);
    const column = contact.includes('@') ? 'email' : 'phone';
    const patch = {
      ...(body.data.booking === undefined ? {} : { booking: body.data.booking }),
      ...(body.data.stoplist === undefined ? {} : { stoplist: body.data.stoplist }),
    };
    const query = app.db.selectFrom('users').select(['id', 'booking', 'stoplist']).where(column, '=', contact);
    const user = await query.executeTakeFirst();
    if (!user) throw notFound('Гость с таким телефоном или e-mail не найден.');
    if (Object.keys(patch).length > 0) await app.db.updateTable('users').set(patch).where('id', '=', user.id).execute();
    const after = await query.executeTakeFirstOrThrow();
    return { id: after.id, booking: after.booking, stoplist: after.stoplist };
  });

  app.post('/sandbox/stop-list', async (request) => {
    const body = stopBody.safeParse(request.body ?? {});
    if (!body.success)
      throw badRequest('Ожидаются restaurant и dish (номера) и stopped (true или false).', 'validation');
    const { restaurant, dish, stopped, reason } = body.data;
    const known = await app.db
      .selectFrom('restaurants')
      .innerJoin('dishes', (join) => join.on('dishes.id', '=', dish))
      .select('restaurants.id')
      .where('restaurants.id', '=', restaurant)
      .executeTakeFirst();
    if (!known) throw notFound('Ресторан или блюдо не найдены.');
    // The table's trigger moves the catalogue version: the menus are built again.
    if (stopped) {
      await app.db
        .insertInto('stop_list')
        .values({ restaurant_id: restaurant, dish_id: dish, reason: reason ?? '' })
        .onConflict((oc) => oc.columns(['restaurant_id', 'dish_id']).doNothing())
        .execute();
    } else {
      await app.db
        .deleteFrom('stop_list')
        .where('restaurant_id', '=', restaurant)
        .where('dish_id', '=', dish)
        .execute();
    }
    return { restaurant, dish, stopped };
  });
};
