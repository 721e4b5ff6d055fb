import { describe, expect, it, vi } from 'vitest';
import type { RestaurantWire } from '@chain/contract';
import { createApiClient, REQUEST_FAILED_MESSAGE } from './client';
import { createRestaurantListQuery } from './restaurants';

const RESTAURANT: RestaurantWire = {
  id: 5,
  fs_uid: '489b39b8-4783-4e1b-92a0-44ea552f2e52',
  name: 'Жар-печь у Курского вокзала',
  nameShort: 'Курский',
  address: 'Москва, ул. Земляной Вал, 33',
  about: '',
  phone: '',
  email: '',
  seating: 40,
  location: '{"lat":55.75,"lon":37.66}',
  shedule: [{ day: 1, fromMinute: 360, toMinute: 1800, from: '06:00', to: '06:00' }],
  workTime: 'Ежедневно круглосуточно',
  active: '1',
  deliveryRest: '1',
  deliverySelf: '1',
  deliveryCourier: '0',
  deliveryZone: [],
  deliveryDays: 2,
  deliveryDaysTrue: 0,
  winecard: '0',
  isFavorite: 0,
  congestion: { text: 'Сейчас свободно' },
  minOrderSum: { inrest: 0, self: 0 },
  minOrderSumShop: { inrest: 0, self: 0 },
  sbp: '1',
  time_zone: 'Europe/Moscow',
  menuKinds: ['restaurant'],
};

const answer = (body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function sourceAnswering(...answers: Array<() => Promise<Response>>) {
  const fetchStub = vi.fn<typeof fetch>();
  for (const next of answers) fetchStub.mockImplementationOnce(next);
  return { list: createRestaurantListQuery(createApiClient(fetchStub).call), fetchStub };
}

describe('restaurant list (GET /api/v2/restoran/list, SPEC 7)', () => {
  it('parses the list with the contract schema', async () => {
    const { list, fetchStub } = sourceAnswering(answer([RESTAURANT]));
    await expect(list.fetch()).resolves.toEqual([RESTAURANT]);
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/v2/restoran/list');
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ method: 'GET' });
    expect(list.get()).toMatchObject({ status: 'ready', data: [RESTAURANT] });
  });

  it('is not asked again while the list it has is not empty (SPEC 7: cached)', async () => {
    const { list, fetchStub } = sourceAnswering(answer([RESTAURANT]));
    await list.fetch();
    list.ensure();
    await list.fetch();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('asks again when the list it has is empty, showing the empty list meanwhile', async () => {
    const { list, fetchStub } = sourceAnswering(answer([]), answer([RESTAURANT]));
    await list.fetch();
    list.ensure();
    expect(list.get()).toMatchObject({ status: 'ready', data: [] });
    await expect(list.fetch()).resolves.toEqual([RESTAURANT]);
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('shares one request between screens asking at the same time', async () => {
    const { list, fetchStub } = sourceAnswering(answer([RESTAURANT]));
    list.ensure();
    list.ensure();
    await list.fetch();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it("keeps SPEC 8's request-failed text for a lost answer, and a retry loads the list", async () => {
    const { list } = sourceAnswering(offline, answer([RESTAURANT]));
    await expect(list.fetch()).rejects.toThrow(REQUEST_FAILED_MESSAGE);
    expect(list.get()).toMatchObject({ status: 'error', error: { message: REQUEST_FAILED_MESSAGE } });
    list.refetch();
    expect(list.get().status).toBe('loading');
    await list.fetch();
    expect(list.get().status).toBe('ready');
  });

  it('refuses an answer that does not match the contract', async () => {
    const { list } = sourceAnswering(answer([{ id: 'five' }]));
    await expect(list.fetch()).rejects.toThrow(REQUEST_FAILED_MESSAGE);
  });
});
