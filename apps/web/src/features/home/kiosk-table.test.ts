import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ATTENTION_TITLE,
  ERROR_TITLE,
  RESTAURANT_CLOSED_MESSAGE,
  TABLE_NUMBER_MESSAGE,
  TABLE_ORDER_TITLE,
  TABLE_ORDER_UNAVAILABLE_MESSAGE,
} from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { restaurantWire } from '../../api/delivery-fixtures.test-support';
import { cartStore, chromeStore, kioskStore } from '../../state/store';
import { chooseKioskTable, type KioskTableSources, kioskTableOutcome } from './kiosk-table';
import { appSnapshot, resetAppStores } from '../../state/stores.test-support';

/** Tuesday 24 November 2026, 12:00 in Moscow: the fixture restaurant (10:00–23:00) is open. */
const NOON = Date.parse('2026-11-24T09:00:00Z');
/** The same day at 03:00 in Moscow: closed. */
const NIGHT = Date.parse('2026-11-24T00:00:00Z');
const TVERSKAYA = restaurantWire({ id: 1 });

function sources(patch: Partial<KioskTableSources> = {}): KioskTableSources & { lookup: ReturnType<typeof vi.fn> } {
  return {
    restaurants: () => Promise.resolve([TVERSKAYA]),
    now: () => NOON,
    ...patch,
    lookup: vi.fn(
      patch.lookup ??
        ((_id: string, num: string) => Promise.resolve(num === '5' ? { num: '5', fs_uid: TVERSKAYA.fs_uid } : null)),
    ),
  };
}

describe('the kiosk table number (SPEC 2 Home kiosk mode, SPEC 5, SPEC 8)', () => {
  it('SPEC 5: an empty number is refused with «Неверный номер стола!» before anything is asked', async () => {
    const from = sources();
    await expect(kioskTableOutcome('1', '', from)).resolves.toEqual({
      kind: 'refused',
      dialog: { title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE },
    });
    await expect(kioskTableOutcome('1', '  ', from)).resolves.toMatchObject({ kind: 'refused' });
    expect(from.lookup).not.toHaveBeenCalled();
  });

  it('takes a table the restaurant has, asking with the typed number', async () => {
    const from = sources();
    await expect(kioskTableOutcome('1', '5', from)).resolves.toEqual({ kind: 'table', table: '5' });
    expect(from.lookup).toHaveBeenCalledWith('1', '5');
  });

  it("SPEC 8: a number the restaurant does not have is 'Ошибка' / 'Неверный номер стола!'", async () => {
    await expect(kioskTableOutcome('1', '999', sources())).resolves.toEqual({
      kind: 'refused',
      dialog: { title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE },
    });
  });

  it('SPEC 5 / 8: a restaurant without table orders or closed now refuses with «Заказ невозможен», before the table is asked', async () => {
    const noTables = sources({ restaurants: () => Promise.resolve([{ ...TVERSKAYA, deliveryRest: '0' }]) });
    await expect(kioskTableOutcome('1', '5', noTables)).resolves.toEqual({
      kind: 'refused',
      dialog: { title: TABLE_ORDER_TITLE, message: TABLE_ORDER_UNAVAILABLE_MESSAGE },
    });
    const inactive = sources({ restaurants: () => Promise.resolve([{ ...TVERSKAYA, active: '0' }]) });
    await expect(kioskTableOutcome('1', '5', inactive)).resolves.toMatchObject({
      dialog: { message: TABLE_ORDER_UNAVAILABLE_MESSAGE },
    });
    const night = sources({ now: () => NIGHT });
    await expect(kioskTableOutcome('1', '5', night)).resolves.toEqual({
      kind: 'refused',
      dialog: { title: TABLE_ORDER_TITLE, message: RESTAURANT_CLOSED_MESSAGE },
    });
    expect(noTables.lookup).not.toHaveBeenCalled();
    expect(night.lookup).not.toHaveBeenCalled();
  });

  it('a restaurant missing from the list has no tables', async () => {
    await expect(kioskTableOutcome('2', '5', sources())).resolves.toMatchObject({
      dialog: { message: TABLE_NUMBER_MESSAGE },
    });
  });

  it("SPEC 8: a failed request is the request-failed text, a server's failure its own text", async () => {
    const offline = sources({ lookup: () => Promise.reject(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null)) });
    await expect(kioskTableOutcome('1', '5', offline)).resolves.toEqual({
      kind: 'refused',
      dialog: { title: ATTENTION_TITLE, message: REQUEST_FAILED_MESSAGE },
    });
    const listDown = sources({ restaurants: () => Promise.reject(new TypeError('boom')) });
    await expect(kioskTableOutcome('1', '5', listDown)).resolves.toMatchObject({
      dialog: { message: REQUEST_FAILED_MESSAGE },
    });
    const busy = sources({ lookup: () => Promise.reject(new ApiError('Сервис временно недоступен', 'server', 503)) });
    await expect(kioskTableOutcome('1', '5', busy)).resolves.toMatchObject({
      dialog: { message: 'Сервис временно недоступен' },
    });
  });
});

describe('the keypad OK (chooseKioskTable)', () => {
  beforeEach(() => {
    resetAppStores();
    kioskStore.getState().setKiosk(true);
    cartStore.getState().setRestaurant({ id: '1', name: TVERSKAYA.name });
  });
  afterEach(() => resetAppStores());

  it('sets an in-restaurant order at the table, for now', async () => {
    cartStore.getState().updateCheckout({
      deliveryDateTime: { deliveryDate: '25.11.2026', deliveryTime: '12:00', isTimePeriods: false },
    });
    await expect(chooseKioskTable('1', '5', sources())).resolves.toBe(true);
    const state = appSnapshot();
    expect(state.orderType).toBe('inrest');
    expect(state.checkout.table).toBe('5');
    expect(state.checkout.deliveryDateTime).toBeNull();
    expect(state.dialogItems).toEqual([]);
  });

  it('shows the refusal and changes nothing', async () => {
    const chosen = chooseKioskTable('1', '999', sources());
    await vi.waitFor(() => expect(chromeStore.getState().dialogItems).toHaveLength(1));
    const dialog = chromeStore.getState().dialogItems[0]!;
    expect(dialog).toMatchObject({ title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE });
    chromeStore.getState().resolveDialog(dialog.id, null);
    await expect(chosen).resolves.toBe(false);
    expect(cartStore.getState().checkout.table).toBe('');
  });
});
