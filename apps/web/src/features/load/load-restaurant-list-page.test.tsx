// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_FAILED_MESSAGE } from '@chain/domain';
import { callAction } from '../../api/action';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import type * as StoreExports from '../../state/store';
import { LOCATE_DENIED_MESSAGE } from '../../ui/map/locate-guest';
import type ListPage from './load-restaurant-list-page';

type StoreModule = typeof StoreExports;

vi.mock('../../api/action', () => ({ callAction: vi.fn() }));
vi.mock('../../state/store', async (original) => ({
  ...(await original<StoreModule>()),
  showDialog: vi.fn(() => Promise.resolve()),
}));
const action = vi.mocked(callAction);
const settle = () => act(async () => {});

const entry = (id: number, name: string, percent: number, distanceText = '') => ({
  id,
  fs_uid: `uid-${id}`,
  name,
  nameShort: name,
  address: `Адрес ${id}`,
  location: { lat: 55.7, lon: 37.6 },
  time: 1_800_000_000,
  forecast: 0,
  open: 1,
  zagruzkaPerc: percent,
  zagruzkaText: 'Свободно',
  zagruzkaColor: '#FF2E7D32',
  timeSredn: 10,
  timeSrednText: 'около 10 мин',
  timeColor: '#FF2E7D32',
  distanceKm: distanceText === '' ? null : 1,
  distanceText,
  isFavorite: 0,
});

const PERIODS = { periods: [{ time: 0, date: '23.11.2026', from: '21:00', text: 'Сейчас' }] };

function answer(name: string, fields: Record<string, unknown>): unknown {
  if (name === 'zagruzkaLoadPeriods') return PERIODS;
  if (fields['sort'] === 'distance') {
    return {
      items: [entry(2, 'Ближний', 60, '0,4 км'), entry(1, 'Дальний', 10, '5,2 км'), entry(3, 'Любимый', 30, '9,9 км')],
      time: 0,
      forecast: 0,
      sort: 'distance',
    };
  }
  return {
    items: [entry(1, 'Дальний', 10), entry(3, 'Любимый', 30), entry(2, 'Ближний', 60)],
    time: 0,
    forecast: 0,
    sort: 'load',
  };
}

const names = () =>
  screen.getAllByTestId('load-card').map((card) => within(card).getByText(/Дальний|Ближний|Любимый/).textContent);

// The page remembers the guest's choices and the queries their answers for the visit: each
// test loads the modules afresh.
let LoadRestaurantListPage: typeof ListPage;
let showDialog: StoreModule['showDialog'];

async function renderList() {
  render(
    <Router hook={memoryLocation({ path: '/zagruzka/rest_list' }).hook}>
      <LoadRestaurantListPage />
    </Router>,
  );
  await settle();
}

// SPEC 2 restaurant load list: by load or by distance from the guest (SPEC 9), favourites first,
// now or forecast; SPEC 8 load failures.
describe('the load list', () => {
  beforeEach(async () => {
    action.mockReset();
    action.mockImplementation(async (definition, fields) => answer(definition.name, fields as Record<string, unknown>));
    vi.resetModules();
    LoadRestaurantListPage = (await import('./load-restaurant-list-page')).default;
    const store = await import('../../state/store');
    showDialog = store.showDialog;
    store.guestStore.setState({ favoriteRestaurants: ['3'] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('puts the favourite first, then the server’s order by load; by distance after the guest’s point is known', async () => {
    const getCurrentPosition = vi.fn(
      (success: (position: { coords: { latitude: number; longitude: number } }) => void) =>
        success({ coords: { latitude: 55.8, longitude: 37.5 } }),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    await renderList();
    expect(names()).toEqual(['Любимый', 'Дальний', 'Ближний']);
    expect(screen.getAllByText('В любимых')).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('По расстоянию'));
    await settle();
    expect(action).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'zagruzkaLoadRestList' }),
      { sort: 'distance', time: 0, lat: 55.8, lon: 37.5 },
      { user_id: null, token: null },
    );
    expect(names()).toEqual(['Любимый', 'Ближний', 'Дальний']);
    expect(screen.getByText('0,4 км')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('По расстоянию').checked).toBe(true);
  });

  it('says so when the guest does not allow geolocation, and keeps the order by load', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: unknown, fail: (error: { code: number; PERMISSION_DENIED: number }) => void) =>
          fail({ code: 1, PERMISSION_DENIED: 1 }),
      },
    });
    await renderList();
    fireEvent.click(screen.getByLabelText('По расстоянию'));
    await settle();
    expect(vi.mocked(showDialog)).toHaveBeenCalledWith({ message: LOCATE_DENIED_MESSAGE });
    expect(screen.getByLabelText<HTMLInputElement>('По загрузке').checked).toBe(true);
  });

  it('a failed list: «Ошибка загрузки данных» with «Ошибка запроса…», and «Повторить» asks again', async () => {
    action.mockImplementation(async (definition, fields) => {
      if (definition.name === 'zagruzkaLoadRestList') throw new ApiError(REQUEST_FAILED_MESSAGE, 'network', null);
      return answer(definition.name, fields as Record<string, unknown>);
    });
    await renderList();
    expect(screen.getByText(LOAD_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByText(REQUEST_FAILED_MESSAGE)).toBeTruthy();
    action.mockImplementation(async (definition, fields) => answer(definition.name, fields as Record<string, unknown>));
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(names()).toEqual(['Любимый', 'Дальний', 'Ближний']);
  });
});
