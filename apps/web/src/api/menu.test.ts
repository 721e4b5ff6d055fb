import { describe, expect, it, vi } from 'vitest';
import { LOCK_CODE_ATTEMPTS_ERROR, type MenuResponse, publicMenuPath } from '@chain/contract';
import { ApiError, createApiClient } from './client';
import { createMenuCache, type MenuQuery } from './menu';

const MENU: MenuResponse = {
  categories: [],
  dishes: [],
  stories: [],
  lock_code: null,
  stop_text: 'Нет в наличии',
  min_sum: null,
};
const QUERY: MenuQuery = {
  restaurantId: '5',
  fsUid: '489b39b8-4783-4e1b-92a0-44ea552f2e52',
  orderType: 'self',
  isShop: 0,
  lockCode: '7777',
  userId: null,
};

const json = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));
const attemptsSpent = json(429, {
  success: false,
  error: LOCK_CODE_ATTEMPTS_ERROR,
  message: 'Слишком много попыток ввести код. Попробуйте позже.',
  requestId: 'r1',
});

function sourceAnswering(...answers: Array<() => Promise<Response>>) {
  const fetchStub = vi.fn<typeof fetch>();
  for (const next of answers) fetchStub.mockImplementationOnce(next);
  return { menus: createMenuCache(createApiClient(fetchStub).call), fetchStub };
}

function sentBody(fetchStub: ReturnType<typeof vi.fn<typeof fetch>>, call: number): Record<string, unknown> {
  const body = fetchStub.mock.calls[call]?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : {};
}

describe('menu cache (SPEC 7 menu call, locked dishes of SPEC 4)', () => {
  it('sends the time of an inrest order for later, and a booking number with the session only for inrest (SPEC 4, 5)', async () => {
    const { menus, fetchStub } = sourceAnswering(json(200, { ...MENU, min_sum: 400_000 }), json(200, MENU));
    const deliveryDateTime = { deliveryDate: '24.11.2026', deliveryTime: '19:00', isTimePeriods: false };
    const inrest: MenuQuery = {
      ...QUERY,
      orderType: 'inrest',
      userId: '7',
      deliveryDateTime,
      bookingNum: '241126-0001',
      token: 'token-token',
    };
    expect((await menus.query.fetch(inrest)).min_sum).toBe(400_000);
    expect(sentBody(fetchStub, 0)).toMatchObject({
      delivery_datetime_props: deliveryDateTime,
      booking_num: '241126-0001',
      user_id: '7',
      token: 'token-token',
    });
    // Another booking is another answer (its minimum): it is asked, not read from the cache.
    await menus.query.fetch({ ...inrest, orderType: 'self' });
    expect(sentBody(fetchStub, 1)).not.toHaveProperty('booking_num');
    expect(sentBody(fetchStub, 1)).not.toHaveProperty('delivery_datetime_props');
  });

  it('sends the delivery time chosen on /delivery_time as delivery_datetime_props with a delivery menu, never a pickup one', async () => {
    const { menus, fetchStub } = sourceAnswering(json(200, MENU), json(200, MENU));
    const deliveryDateTime = { deliveryDate: '24.11.2026', deliveryTime: '18:00-20:00', isTimePeriods: true };
    await menus.query.fetch({ ...QUERY, orderType: 'delivery', deliveryDateTime });
    expect(sentBody(fetchStub, 0).delivery_datetime_props).toEqual(deliveryDateTime);
    await menus.query.fetch({ ...QUERY, deliveryDateTime });
    expect(sentBody(fetchStub, 1)).not.toHaveProperty('delivery_datetime_props');
  });

  it("asks a menu without a lock code, booking or time by its URL, which the menu screen's page preloads (issue 18); the others by the menu call", async () => {
    const { menus, fetchStub } = sourceAnswering(json(200, MENU), json(200, MENU), json(200, MENU));
    await menus.query.fetch({ ...QUERY, lockCode: '', userId: '7' });
    expect(fetchStub.mock.calls[0]?.[0]).toBe(`/api/v2/restoran/menu/${QUERY.fsUid}/self/0`);
    // The URL the server's page preloads (publicMenuPath), or the preload is wasted.
    expect(fetchStub.mock.calls[0]?.[0]).toBe(publicMenuPath(QUERY.fsUid, 'self', 0));
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(fetchStub.mock.calls[0]?.[1]?.body).toBeUndefined();
    // A time for an inrest order goes with the menu call (SPEC 7, issue 16), as does a lock code.
    const deliveryDateTime = { deliveryDate: '24.11.2026', deliveryTime: '19:00', isTimePeriods: false };
    await menus.query.fetch({ ...QUERY, lockCode: '', orderType: 'inrest', isShop: 2, deliveryDateTime });
    expect(fetchStub.mock.calls[1]?.[0]).toBe('/api/v2/restoran/menu');
    expect(sentBody(fetchStub, 1)).toMatchObject({
      order_type: 'inrest',
      is_shop: 2,
      delivery_datetime_props: deliveryDateTime,
    });
    await menus.query.fetch(QUERY);
    expect(sentBody(fetchStub, 2)).toMatchObject({ lock_code: '7777' });
  });

  it('asks again without a stored lock code once the address has spent its lock-code tries, so the guest keeps the menu (issue 11)', async () => {
    const { menus, fetchStub } = sourceAnswering(attemptsSpent, json(200, MENU));
    await expect(menus.query.fetch(QUERY)).resolves.toEqual(MENU);
    expect(sentBody(fetchStub, 0).lock_code).toBe('7777');
    expect(sentBody(fetchStub, 1)).not.toHaveProperty('lock_code');
    // Kept under the query asked, with lock_code null: the menu screen then forgets the code (SPEC 3).
    expect(menus.query.latest()).toMatchObject({ status: 'ready', args: QUERY, data: { lock_code: null } });
  });

  it('keeps the refusal of a code the guest types (the unlock dialog shows its message)', async () => {
    const { menus, fetchStub } = sourceAnswering(attemptsSpent);
    const refused = menus.unlock({ ...QUERY, lockCode: '' }, '1234');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 429,
      message: 'Слишком много попыток ввести код. Попробуйте позже.',
    });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('does not ask again for another refusal, nor without a stored code', async () => {
    const noCode = sourceAnswering(attemptsSpent);
    await expect(noCode.menus.query.fetch({ ...QUERY, lockCode: '' })).rejects.toMatchObject({
      code: LOCK_CODE_ATTEMPTS_ERROR,
    });
    expect(noCode.fetchStub).toHaveBeenCalledTimes(1);
    const other = sourceAnswering(
      json(429, { success: false, error: 'rate_limited', message: 'Слишком много запросов.', requestId: 'r2' }),
    );
    await expect(other.menus.query.fetch(QUERY)).rejects.toMatchObject({ code: 'rate_limited' });
    expect(other.fetchStub).toHaveBeenCalledTimes(1);
  });

  it('keeps only the menu asked last: an earlier answer still on its way is dropped, and going back asks again', async () => {
    const { menus, fetchStub } = sourceAnswering(
      json(200, MENU),
      json(200, { ...MENU, stop_text: 'Бар' }),
      json(200, MENU),
    );
    const restaurantMenu = menus.query.fetch(QUERY);
    const bar = { ...QUERY, isShop: 2 as const };
    await menus.query.fetch(bar);
    await restaurantMenu;
    expect(menus.query.latest()).toMatchObject({ status: 'ready', args: bar, data: { stop_text: 'Бар' } });
    expect(menus.query.get(QUERY).status).toBe('idle');
    await menus.query.fetch(QUERY);
    expect(fetchStub).toHaveBeenCalledTimes(3);
  });

  it('makes the unlocked menu the current one, and a wrong code changes nothing', async () => {
    const unlockedMenu = { ...MENU, lock_code: '5821' };
    const { menus } = sourceAnswering(json(200, MENU), json(200, MENU), json(200, unlockedMenu));
    const plain = { ...QUERY, lockCode: '' };
    await menus.query.fetch(plain);
    await expect(menus.unlock(plain, '0000')).resolves.toBeNull();
    expect(menus.query.latest()).toMatchObject({ args: plain });
    await expect(menus.unlock(plain, '5821')).resolves.toEqual(unlockedMenu);
    expect(menus.query.latest()).toMatchObject({ status: 'ready', args: { lockCode: '5821' }, data: unlockedMenu });
    // The menu screen then asks with the stored code: the unlocked menu is already here.
    await expect(menus.query.fetch({ ...QUERY, lockCode: '5821' })).resolves.toEqual(unlockedMenu);
  });
});
