import { describe, expect, it } from 'vitest';
import { createAppStores } from '../../state/app-stores';
import { MemoryStorage } from '../../state/memory-storage.test-support';
import { type FavouriteKind, isFavourite, removeFavouriteMessage, toggleFavourite } from './favourites';

async function loadedStore() {
  const { guestStore, statePersistence } = createAppStores(new MemoryStorage());
  await statePersistence.hydrate();
  return guestStore;
}

/** A confirmation that answers as told and records what it was asked. */
function confirmation(answer: boolean) {
  const asked: Array<{ kind: FavouriteKind; name: string }> = [];
  return {
    asked,
    confirm: (kind: FavouriteKind, name: string) => {
      asked.push({ kind, name });
      return Promise.resolve(answer);
    },
  };
}

describe('the favourite toggle (SPEC 2 Menu, SPEC 3 favorites / favorite_restorans)', () => {
  it('adds a dish at once, without asking', async () => {
    const store = await loadedStore();
    const { asked, confirm } = confirmation(false);
    expect(await toggleFavourite('dish', '101', 'Маргарита', store, confirm)).toBe(true);
    expect(store.getState().favorites).toEqual(['101']);
    expect(asked).toEqual([]);
  });

  it('asks before removing, and keeps the dish when the guest cancels', async () => {
    const store = await loadedStore();
    store.getState().setFavorite('101', true);
    const { asked, confirm } = confirmation(false);
    expect(await toggleFavourite('dish', '101', 'Маргарита', store, confirm)).toBe(true);
    expect(asked).toEqual([{ kind: 'dish', name: 'Маргарита' }]);
    expect(store.getState().favorites).toEqual(['101']);
  });

  it('removes the dish when the guest confirms', async () => {
    const store = await loadedStore();
    store.getState().setFavorite('101', true);
    const { confirm } = confirmation(true);
    expect(await toggleFavourite('dish', '101', 'Маргарита', store, confirm)).toBe(false);
    expect(store.getState().favorites).toEqual([]);
  });

  it('does the same for a restaurant, in its own list', async () => {
    const store = await loadedStore();
    const { asked, confirm } = confirmation(true);
    await toggleFavourite('restaurant', '1', 'На Арбате', store, confirm);
    expect(store.getState().favoriteRestaurants).toEqual(['1']);
    expect(store.getState().favorites).toEqual([]);
    expect(isFavourite(store.getState(), 'restaurant', '1')).toBe(true);
    expect(isFavourite(store.getState(), 'dish', '1')).toBe(false);
    await toggleFavourite('restaurant', '1', 'На Арбате', store, confirm);
    expect(asked).toEqual([{ kind: 'restaurant', name: 'На Арбате' }]);
    expect(store.getState().favoriteRestaurants).toEqual([]);
  });

  it('says what removing changes', () => {
    expect(removeFavouriteMessage('dish', 'Маргарита')).toBe('«Маргарита» пропадёт из раздела «Любимое».');
    expect(removeFavouriteMessage('restaurant', 'На Арбате')).toBe(
      '«На Арбате» больше не будет в начале списка ресторанов.',
    );
  });
});
