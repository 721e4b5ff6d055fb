import { describe, expect, it } from 'vitest';
import { createAppStores } from '../state/app-stores';
import { STORAGE_KEY } from '../state/persisted-shape';
import { MemoryStorage } from '../state/memory-storage.test-support';
import { loadStateOnce } from './load-state';
import { guardNavigation } from './navigation-guard';

describe('the guard wired to the store (SPEC 2 Navigation guard)', () => {
  it('SPEC 2: loads the state once, on the first navigation', async () => {
    const storage = new MemoryStorage({
      [STORAGE_KEY]: JSON.stringify({ state: { kiosk: true }, version: 1 }),
    });
    const { kioskStore, statePersistence } = createAppStores(storage);
    expect(kioskStore.getState().kiosk).toBe(false);

    await loadStateOnce(statePersistence);
    await loadStateOnce(statePersistence);
    await loadStateOnce(statePersistence);

    expect(storage.reads).toBe(1);
    expect(kioskStore.getState().kiosk).toBe(true);
    expect(statePersistence.hasHydrated()).toBe(true);
  });

  it('SPEC 2: after logout every route but /auth leads to /auth again', async () => {
    const { guestStore, kioskStore, statePersistence } = createAppStores(new MemoryStorage());
    await loadStateOnce(statePersistence);
    guestStore.getState().setUser({ authorized: true });
    guestStore.getState().logout();
    const { user } = guestStore.getState();
    const { kiosk } = kioskStore.getState();
    expect(guardNavigation({ path: '/profile', state: null }, { authorized: user.authorized, kiosk })).toEqual({
      redirect: '/auth',
    });
  });
});
