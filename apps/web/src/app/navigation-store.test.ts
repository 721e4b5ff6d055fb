import { describe, expect, it } from 'vitest';
import { createAppStore, STORAGE_KEY } from '../state/app-store';
import { MemoryStorage } from '../state/memory-storage.test-support';
import { loadStateOnce } from './load-state';
import { guardNavigation } from './navigation-guard';

describe('the guard wired to the store (SPEC 2 Navigation guard)', () => {
  it('SPEC 2: loads the state once, on the first navigation', async () => {
    const storage = new MemoryStorage({
      [STORAGE_KEY]: JSON.stringify({ state: { kiosk: true }, version: 1 }),
    });
    const store = createAppStore(storage);
    expect(store.getState().kiosk).toBe(false);

    await loadStateOnce(store);
    await loadStateOnce(store);
    await loadStateOnce(store);

    expect(storage.reads).toBe(1);
    expect(store.getState().kiosk).toBe(true);
    expect(store.persist.hasHydrated()).toBe(true);
  });

  it('SPEC 2: after logout every route but /auth leads to /auth again', async () => {
    const store = createAppStore(new MemoryStorage());
    await loadStateOnce(store);
    store.getState().setUser({ authorized: true });
    store.getState().logout();
    const { user, kiosk } = store.getState();
    expect(guardNavigation({ path: '/profile', state: null }, { authorized: user.authorized, kiosk })).toEqual({
      redirect: '/auth',
    });
  });
});
