// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TITLE } from '@chain/domain';
import {
  ADDRESS_DELETE_CONFIRM,
  ADDRESS_DELETE_FAILED_MESSAGE,
  ADDRESS_SAVE_FAILED_MESSAGE,
  ADDRESS_SAVE_NETWORK_MESSAGE,
  addressListQuery,
  deleteAddress,
  deliveryAddressOf,
  saveAddress,
} from '../../api/addresses';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { savedAddress } from '../../api/delivery-fixtures.test-support';
import { cartStore, chromeStore, guestStore } from '../../state/store';
import AddressDetailPage from './address-detail-page';
import AddressListPage from './address-list-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('../../api/addresses'), async (importOriginal) => ({
  ...(await importOriginal()),
  saveAddress: vi.fn(),
  deleteAddress: vi.fn(),
}));

const SESSION = { id: '42', password: 'token' };
const HOME = savedAddress();
const WORK = savedAddress({
  id: 6,
  short: 'Тверская улица, 7',
  full: 'Москва, Тверская улица, 7',
  long: 'Москва, Тверская улица, 7',
});

let location: ReturnType<typeof memoryLocation> & { history: string[] };
function renderAt(path: string) {
  location = memoryLocation({ path, record: true });
  return render(
    <Router hook={location.hook}>
      <Route path="/address_list">
        <AddressListPage />
      </Route>
      <Route path="/address_list/:id">
        <AddressDetailPage />
      </Route>
    </Router>,
  );
}
const dialog = () => chromeStore.getState().dialogItems[0];
/** Answers the open dialog with the item of this label (null: dismissed), and lets what follows run. */
const answerDialog = (label: string | null) =>
  act(async () => {
    const open = dialog();
    if (!open) throw new Error('no dialog is open');
    const index = label === null ? -1 : (open.items?.findIndex((item) => item.label === label) ?? -1);
    chromeStore.getState().resolveDialog(open.id, index >= 0 ? index : null);
  });
const settle = () => act(async () => {});

describe('Мои адреса (SPEC 2 Other pages, SPEC 5, 8)', () => {
  beforeEach(() => {
    resetAppStores();
    guestStore.getState().setUser({ ...SESSION, authorized: true });
    addressListQuery.set(SESSION, [HOME, WORK]);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(saveAddress).mockReset();
    vi.mocked(deleteAddress).mockReset();
  });

  it("lists each address by its street and house with the courier's line, each opening its edit page", () => {
    renderAt('/address_list');
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/address_list/'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/address_list/5', '/address_list/6']);
    expect(links[0]?.textContent).toContain('Малая Бронная улица, 24');
    expect(links[0]?.textContent).toContain('подъезд 2, домофон 12, этаж 3, кв. 12');
  });

  it('says there is none yet with a next step', () => {
    addressListQuery.set(SESSION, []);
    renderAt('/address_list');
    const empty = screen.getByRole('region', { name: 'Сохранённых адресов пока нет' });
    expect(within(empty).getByRole('link', { name: /На главную|Добавить адрес/ })).toBeTruthy();
  });

  it('deletes an address only after «Удалить адрес?» is answered yes', async () => {
    vi.mocked(deleteAddress).mockResolvedValue();
    renderAt('/address_list');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить адрес: Тверская улица, 7' }));
    expect(dialog()?.message).toBe(ADDRESS_DELETE_CONFIRM);
    await answerDialog('Отмена');
    expect(deleteAddress).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить адрес: Тверская улица, 7' }));
    await answerDialog('Удалить');
    expect(deleteAddress).toHaveBeenCalledWith(SESSION, 6);
    expect(dialog()).toBeUndefined();
  });

  it('shows «Ошибка удаления адреса» when deleting fails', async () => {
    vi.mocked(deleteAddress).mockRejectedValue(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null));
    renderAt('/address_list/5');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить адрес' }));
    await answerDialog('Удалить');
    expect(dialog()).toMatchObject({ title: ERROR_TITLE, message: ADDRESS_DELETE_FAILED_MESSAGE });
    await answerDialog(null);
    expect(location.history).toEqual(['/address_list/5']);
  });

  it('edits the details, street and house read-only, and saves them with the rest of the address', async () => {
    vi.mocked(saveAddress).mockResolvedValue(5);
    const edited = {
      ...HOME,
      room: '14',
      long: 'Москва, Малая Бронная улица, 24, подъезд 2, домофон 12, этаж 3, кв. 14',
    };
    cartStore.getState().chooseDeliveryAddress(deliveryAddressOf(HOME), { id: '7', name: 'Бронная', nameShort: '' });
    vi.mocked(saveAddress).mockImplementation(() => {
      addressListQuery.set(SESSION, [edited, WORK]);
      return Promise.resolve(5);
    });
    renderAt('/address_list/5');
    expect(screen.getByText('Москва, Малая Бронная улица, 24')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Улица/ })).toBeNull();
    const room = screen.getByRole<HTMLInputElement>('textbox', { name: 'Квартира / офис' });
    expect(room.value).toBe('12');
    fireEvent.change(room, { target: { value: ' 14 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Комментарий курьеру' }), {
      target: { value: 'Позвонить заранее' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await settle();

    expect(saveAddress).toHaveBeenCalledWith(
      SESSION,
      expect.objectContaining({
        id: 5,
        street: HOME.street,
        house: '24',
        room: '14',
        comment: 'Позвонить заранее',
        lat: 55.76,
        lon: 37.59,
      }),
    );
    expect(location.history.at(-1)).toBe('/address_list');
    // The order's address is this one: it takes the server's new courier line.
    expect(cartStore.getState().address?.long).toBe(edited.long);
  });

  it.each([
    ['without an answer', new ApiError(REQUEST_FAILED_MESSAGE, 'network', null), ADDRESS_SAVE_NETWORK_MESSAGE],
    ['on a server failure', new ApiError(REQUEST_FAILED_MESSAGE, 'server', 500), ADDRESS_SAVE_FAILED_MESSAGE],
  ])("shows SPEC 8's save error %s and stays on the form", async (_, error, message) => {
    vi.mocked(saveAddress).mockRejectedValue(error);
    renderAt('/address_list/5');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await settle();
    expect(dialog()).toMatchObject({ title: ERROR_TITLE, message });
    expect(location.history).toEqual(['/address_list/5']);
    expect(screen.getByRole('button', { name: 'Сохранить' }).getAttribute('aria-busy')).toBeNull();
  });

  it('says an unknown address is not found, with the way back', () => {
    renderAt('/address_list/99');
    expect(screen.getByRole('heading', { name: 'Адрес не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К моим адресам' }).getAttribute('href')).toBe('/address_list');
  });
});
