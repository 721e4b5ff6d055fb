import {
  addressDeleteCall,
  addressListCall,
  addressSaveCall,
  type AddressInput,
  type SavedAddress,
} from '@chain/contract';
import type { DeliveryAddress } from '../state/cart-store';
import type { User } from '../state/guest-store';
import { ApiError, call, type RequestOptions } from './client';
import { createQuery, type Query } from './query-cache';

/*
 * The guest's saved delivery addresses (SPEC 3 Address, SPEC 7 user/address/*): the list for
 * Home → Доставка and Мои адреса, saving (the map and the edit page) and deleting. Calls carry
 * the signed-in guest's id and token; failures arrive as ApiError with the server's text.
 */

type Session = Pick<User, 'id' | 'password'>;

/** SPEC 8: saving failed for want of an answer (offline, timeout). */
export const ADDRESS_SAVE_NETWORK_MESSAGE = 'Ошибка сохранения адреса, проверьте подключение или попробуйте еще раз.';
/** SPEC 8: the server refused to save. */
export const ADDRESS_SAVE_FAILED_MESSAGE = 'Ошибка сохранения адреса';
/** SPEC 8: deleting failed. */
export const ADDRESS_DELETE_FAILED_MESSAGE = 'Ошибка удаления адреса';
/** SPEC 5: asked before an address is deleted. */
export const ADDRESS_DELETE_CONFIRM = 'Удалить адрес?';

/**
 * What the guest reads when saving failed (SPEC 8): without an answer, the text that says to
 * check the connection; a refusal with a reason of its own (a field too long, too many
 * addresses, not found) is told as the server words it, anything else as the short text.
 */
export function addressSaveErrorMessage(cause: unknown): string {
  if (!(cause instanceof ApiError) || cause.kind !== 'server') return ADDRESS_SAVE_NETWORK_MESSAGE;
  return cause.status !== null && cause.status < 500 && cause.code !== null
    ? cause.message
    : ADDRESS_SAVE_FAILED_MESSAGE;
}

/** POST /api/v2/user/address/list: every saved address of the guest, newest first. Keyed by the guest. */
export function createAddressListQuery(send: typeof call): Query<Session, SavedAddress[]> {
  return createQuery<Session, SavedAddress[]>({
    key: (session) => session.id,
    keep: 1,
    load: async (session) =>
      (await send(addressListCall, { user_id: session.id, user_token: session.password })).result,
  });
}

export const addressListQuery = createAddressListQuery(call);

/** The fields address/save takes, from a saved address with the details the guest changed. */
export function addressSaveInput(saved: SavedAddress): AddressInput {
  const part = (value: SavedAddress['region']) =>
    value.name ? { id: value.id, name: value.name, full: value.full } : undefined;
  const region = part(saved.region);
  const city = part(saved.city);
  return {
    id: saved.id,
    ...(region ? { region } : {}),
    ...(city ? { city } : {}),
    street: { id: saved.street.id, name: saved.street.name, full: saved.street.full },
    house: saved.house,
    podjezd: saved.podjezd,
    domofon: saved.domofon,
    etaz: saved.etaz,
    room: saved.room,
    comment: saved.comment,
    ...(saved.lat !== null && saved.lon !== null ? { lat: saved.lat, lon: saved.lon } : {}),
  };
}

/**
 * POST /api/v2/user/address/save: creates an address (no id) or updates the guest's own; answers
 * its id. The guest's list is asked again at once (a screen showing it follows).
 */
export async function saveAddress(session: Session, address: AddressInput, options?: RequestOptions): Promise<number> {
  const answer = await call(addressSaveCall, { address, user_id: session.id, user_token: session.password }, options);
  addressListQuery.refetch(session);
  return answer.result.id;
}

/** POST /api/v2/user/address/delete; the guest's list is asked again at once. */
export async function deleteAddress(session: Session, id: number, options?: RequestOptions): Promise<void> {
  await call(addressDeleteCall, { id, user_id: session.id, user_token: session.password }, options);
  addressListQuery.refetch(session);
}

/** A saved address as the order and the courier take it (the client state's address). */
export function deliveryAddressOf(saved: SavedAddress): DeliveryAddress {
  return {
    id: String(saved.id),
    full: saved.full,
    short: saved.short,
    long: saved.long,
    lat: saved.lat,
    lon: saved.lon,
    podjezd: saved.podjezd,
    domofon: saved.domofon,
    etaz: saved.etaz,
    room: saved.room,
    comment: saved.comment,
  };
}
