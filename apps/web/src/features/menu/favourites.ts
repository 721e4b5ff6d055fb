import type { GuestFields, GuestStore } from '../../state/guest-store';
import { guestStore, showDialog } from '../../state/store';

export type FavouriteKind = 'dish' | 'restaurant';

/** The confirmation before a favourite is removed (SPEC 2 Menu: a confirmation dialog). */
export const REMOVE_FAVOURITE_TITLE = 'Убрать из любимого?';
export const REMOVE_FAVOURITE_CONFIRM = 'Убрать';
export const REMOVE_FAVOURITE_CANCEL = 'Отмена';

/** What removing changes, under the dialog's title. */
export function removeFavouriteMessage(kind: FavouriteKind, name: string): string {
  return kind === 'dish'
    ? `«${name}» пропадёт из раздела «Любимое».`
    : `«${name}» больше не будет в начале списка ресторанов.`;
}

/** Whether the dish or restaurant (its id as text) is a favourite in the client state. */
export function isFavourite(
  state: Pick<GuestFields, 'favorites' | 'favoriteRestaurants'>,
  kind: FavouriteKind,
  id: string,
): boolean {
  return (kind === 'dish' ? state.favorites : state.favoriteRestaurants).includes(id);
}

/**
 * SPEC 2 favourite toggle. Adding is immediate (a tap is answered at once and is undone by
 * another tap); removing asks first, because it loses something the guest chose. No server call:
 * favourites live in the client state (SPEC 3). Resolves to whether the item is a favourite now.
 */
export async function toggleFavourite(
  kind: FavouriteKind,
  id: string,
  name: string,
  store: GuestStore = guestStore,
  confirmRemoval: (kind: FavouriteKind, name: string) => Promise<boolean> = askToRemove,
): Promise<boolean> {
  const set = (favourite: boolean) =>
    kind === 'dish'
      ? store.getState().setFavorite(id, favourite)
      : store.getState().setFavoriteRestaurant(id, favourite);
  if (!isFavourite(store.getState(), kind, id)) {
    set(true);
    return true;
  }
  if (!(await confirmRemoval(kind, name))) return true;
  set(false);
  return false;
}

async function askToRemove(kind: FavouriteKind, name: string): Promise<boolean> {
  const choice = await showDialog({
    title: REMOVE_FAVOURITE_TITLE,
    message: removeFavouriteMessage(kind, name),
    items: [
      { label: REMOVE_FAVOURITE_CONFIRM, variant: 'primary' },
      { label: REMOVE_FAVOURITE_CANCEL, variant: 'secondary' },
    ],
  });
  return choice?.label === REMOVE_FAVOURITE_CONFIRM;
}
