import { describe, expect, it, vi } from 'vitest';
import {
  ADDRESS_SAVE_FAILED_MESSAGE,
  ADDRESS_SAVE_NETWORK_MESSAGE,
  addressSaveErrorMessage,
  addressSaveInput,
  createAddressListQuery,
  deliveryAddressOf,
} from './addresses';
import { ApiError, createApiClient, REQUEST_FAILED_MESSAGE } from './client';
import { savedAddress } from './delivery-fixtures.test-support';

const SAVED = savedAddress({ domofon: '12К', comment: 'Код на двери' });

describe('saved addresses (SPEC 7 user/address/*)', () => {
  it('asks the list with the guest id and token and keeps the result', async () => {
    const fetchStub = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response(JSON.stringify({ success: true, result: [SAVED] })));
    const list = createAddressListQuery(createApiClient(fetchStub).call);
    await expect(list.fetch({ id: '42', password: 'token' })).resolves.toEqual([SAVED]);
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/v2/user/address/list');
    expect(JSON.parse(fetchStub.mock.calls[0]?.[1]?.body as string)).toEqual({ user_id: '42', user_token: 'token' });
  });

  it('saves a saved address again with its parts, details and point, leaving out an empty region', () => {
    expect(addressSaveInput({ ...SAVED, room: '14' })).toEqual({
      id: 5,
      city: SAVED.city,
      street: SAVED.street,
      house: '24',
      podjezd: '2',
      domofon: '12К',
      etaz: '3',
      room: '14',
      comment: 'Код на двери',
      lat: 55.76,
      lon: 37.59,
    });
    expect(addressSaveInput({ ...SAVED, lat: null, lon: null })).not.toHaveProperty('lat');
  });

  it("turns a saved address into the order's address", () => {
    expect(deliveryAddressOf(SAVED)).toEqual({
      id: '5',
      full: SAVED.full,
      short: SAVED.short,
      long: SAVED.long,
      lat: 55.76,
      lon: 37.59,
      podjezd: '2',
      domofon: '12К',
      etaz: '3',
      room: '12',
      comment: 'Код на двери',
    });
  });

  it('words a failed save as SPEC 8 does: the connection text without an answer, the short text for a failure, the reason of a refusal', () => {
    expect(addressSaveErrorMessage(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null))).toBe(
      ADDRESS_SAVE_NETWORK_MESSAGE,
    );
    expect(addressSaveErrorMessage(new ApiError(REQUEST_FAILED_MESSAGE, 'server', 500))).toBe(
      ADDRESS_SAVE_FAILED_MESSAGE,
    );
    expect(addressSaveErrorMessage(new ApiError('Адрес не найден', 'server', 404, 'not_found'))).toBe(
      'Адрес не найден',
    );
  });
});
