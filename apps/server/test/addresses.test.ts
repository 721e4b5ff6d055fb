import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressListResponse, addressSaveResponse, errorResponse } from '@chain/contract';
import { MAX_ADDRESSES_PER_USER } from '../src/modules/account/service';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post, postForm } from './support/calls';
import { signedInUser } from './support/users';

const SAVE = '/api/v2/user/address/save';
const LIST = '/api/v2/user/address/list';
const DELETE = '/api/v2/user/address/delete';

/** An address as the map dialog sends it (SPEC 2 delivery address map, SPEC 3 Address). */
const HOME = {
  region: { id: '77', name: 'Москва', full: 'г Москва' },
  city: { id: '77', name: 'Москва', full: 'г Москва' },
  street: { id: 'st-1', name: 'Тверская', full: 'ул Тверская' },
  house: '7',
  podjezd: '2',
  domofon: '45К',
  etaz: '3',
  room: '12',
  comment: 'Код от калитки 1234',
  lat: 55.7601,
  lon: 37.6085,
};

describe.each(databaseKinds())('user/address/* on %s (SPEC 3 Address, SPEC 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const save = (user: { id: number; token: string }, address: unknown) =>
    post(t.app, SAVE, { user_id: user.id, user_token: user.token, address });
  const list = (user: { id: number; token: string }, id?: number) =>
    post(t.app, LIST, { user_id: user.id, user_token: user.token, ...(id === undefined ? {} : { id }) });
  const savedId = async (user: { id: number; token: string }, address: unknown) => {
    const res = await save(user, address);
    expect(res.statusCode).toBe(200);
    return addressSaveResponse.parse(res.json()).result.id;
  };

  it('saves an address and lists it with its full, short and long texts (SPEC 3 saved form, decision 009)', async () => {
    const user = await signedInUser(t.database);
    const id = await savedId(user, HOME);
    const res = await list(user);
    expect(res.statusCode).toBe(200);
    expect(addressListResponse.parse(res.json()).result).toEqual([
      {
        id,
        ...HOME,
        short: 'ул Тверская, 7',
        full: 'г Москва, ул Тверская, 7',
        long: 'г Москва, ул Тверская, 7, подъезд 2, домофон 45К, этаж 3, кв. 12',
      },
    ]);
  });

  it('names the region when it is not the city itself, and leaves out details not given', async () => {
    const user = await signedInUser(t.database);
    const id = await savedId(user, {
      region: { name: 'Московская область', full: 'Московская обл' },
      city: { name: 'Химки' },
      street: { name: 'Ленина' },
      house: 5,
    });
    const [address] = addressListResponse.parse((await list(user, id)).json()).result;
    expect(address).toMatchObject({
      short: 'Ленина, 5',
      full: 'Московская обл, Химки, Ленина, 5',
      long: 'Московская обл, Химки, Ленина, 5',
      house: '5',
      room: '',
      lat: null,
      lon: null,
    });
    expect(address?.region).toEqual({ id: '', name: 'Московская область', full: 'Московская обл' });
  });

  it('updates the address whose id is given and keeps its id', async () => {
    const user = await signedInUser(t.database);
    const id = await savedId(user, HOME);
    expect(await savedId(user, { ...HOME, id, room: '99', comment: '' })).toBe(id);
    const result = addressListResponse.parse((await list(user)).json()).result;
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({
      id,
      room: '99',
      comment: '',
      long: 'г Москва, ул Тверская, 7, подъезд 2, домофон 45К, этаж 3, кв. 99',
    });
  });

  it("lists only the user's own addresses, newest first, and one address when asked by id", async () => {
    const user = await signedInUser(t.database);
    const other = await signedInUser(t.database);
    await savedId(other, HOME);
    const first = await savedId(user, { street: { name: 'Арбат' }, house: '1' });
    const second = await savedId(user, { street: { name: 'Арбат' }, house: '2' });
    expect(addressListResponse.parse((await list(user)).json()).result.map((a) => a.id)).toEqual([second, first]);
    expect(addressListResponse.parse((await list(user, first)).json()).result.map((a) => a.id)).toEqual([first]);
  });

  it('requires the street and the house', async () => {
    const user = await signedInUser(t.database);
    const noHouse = await save(user, { street: { name: 'Арбат' }, house: '  ' });
    expect(noHouse.statusCode).toBe(400);
    expect(errorResponse.parse(noHouse.json()).message).toBe('Некорректное поле «address.house»: укажите номер дома.');
    const noStreet = await save(user, { house: '1' });
    expect(noStreet.statusCode).toBe(400);
    expect(errorResponse.parse(noStreet.json()).message).toContain('address.street');
    const emptyStreet = await save(user, { street: { name: '' }, house: '1' });
    expect(errorResponse.parse(emptyStreet.json()).message).toBe(
      'Некорректное поле «address.street.name»: укажите улицу.',
    );
  });

  it('bounds the lengths and the coordinates', async () => {
    const user = await signedInUser(t.database);
    const cases: unknown[] = [
      { street: { name: 'а'.repeat(201) }, house: '1' },
      { street: { name: 'Арбат' }, house: '1', comment: 'к'.repeat(501) },
      { street: { name: 'Арбат' }, house: '1', lat: 91, lon: 37 },
      { street: { name: 'Арбат' }, house: '1', lat: 55, lon: -181 },
      { street: { name: 'Арбат' }, house: '1', lat: 55 },
      { street: { name: 'Арбат' }, house: '1', lat: 'север', lon: 37 },
    ];
    for (const address of cases) {
      const res = await save(user, address);
      expect(res.statusCode, JSON.stringify(address)).toBe(400);
      expect(errorResponse.parse(res.json()).error).toBe('validation');
    }
    expect(addressListResponse.parse((await list(user)).json()).result).toEqual([]);
  });

  it('takes the address as JSON text in a form body, as a form can only carry text', async () => {
    const user = await signedInUser(t.database);
    const res = await postForm(t.app, SAVE, {
      user_id: String(user.id),
      user_token: user.token,
      address: JSON.stringify({ ...HOME, lat: '55.76', lon: '37.6' }),
    });
    expect(res.statusCode).toBe(200);
    const id = addressSaveResponse.parse(res.json()).result.id;
    const listed = await postForm(t.app, LIST, { user_id: String(user.id), user_token: user.token, id: String(id) });
    expect(addressListResponse.parse(listed.json()).result[0]).toMatchObject({ id, lat: 55.76, lon: 37.6 });
  });

  it('deletes an address; deleting it again is 404 «Адрес не найден»', async () => {
    const user = await signedInUser(t.database);
    const id = await savedId(user, HOME);
    const res = await post(t.app, DELETE, { id, user_id: user.id, user_token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(addressListResponse.parse((await list(user)).json()).result).toEqual([]);
    const again = await post(t.app, DELETE, { id, user_id: user.id, user_token: user.token });
    expect(again.statusCode).toBe(404);
    expect(errorResponse.parse(again.json())).toMatchObject({ error: 'not_found', message: 'Адрес не найден' });
  });

  it("answers another user's address exactly like an unknown one, and leaves it as it was", async () => {
    const owner = await signedInUser(t.database);
    const intruder = await signedInUser(t.database);
    const id = await savedId(owner, HOME);
    const unknownId = id + 100_000;

    const attempts = [
      () => list(intruder, id),
      () => save(intruder, { ...HOME, id, house: '666' }),
      () => post(t.app, DELETE, { id, user_id: intruder.id, user_token: intruder.token }),
    ];
    const unknown = [
      () => list(intruder, unknownId),
      () => save(intruder, { ...HOME, id: unknownId }),
      () => post(t.app, DELETE, { id: unknownId, user_id: intruder.id, user_token: intruder.token }),
    ];
    for (const [index, attempt] of attempts.entries()) {
      const res = await attempt();
      const same = await unknown[index]!();
      expect(res.statusCode).toBe(404);
      expect(same.statusCode).toBe(404);
      const { requestId: _a, ...body } = errorResponse.parse(res.json());
      const { requestId: _b, ...sameBody } = errorResponse.parse(same.json());
      expect(body).toEqual(sameBody);
      expect(body.message).toBe('Адрес не найден');
      expect(res.body).not.toContain('Тверская');
    }
    expect(addressListResponse.parse((await list(owner)).json()).result).toMatchObject([{ id, house: '7' }]);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_USER} addresses per user`, async () => {
    const user = await signedInUser(t.database);
    await t.database.db
      .insertInto('addresses')
      .values(
        Array.from({ length: MAX_ADDRESSES_PER_USER }, (_, i) => ({
          user_id: user.id,
          data: JSON.stringify({ street: { name: 'Арбат' }, house: String(i) }),
          full_text: `Арбат, ${i}`,
          short_text: `Арбат, ${i}`,
        })),
      )
      .execute();
    const res = await save(user, HOME);
    expect(res.statusCode).toBe(409);
    expect(errorResponse.parse(res.json()).error).toBe('too_many_addresses');
  });
});
