import { SIGNED_OUT_USER } from '@chain/contract';
import { type DishLabel, normalizedFilters } from '@chain/domain';
import { createStore } from 'zustand/vanilla';

/*
 * The guest on this device: who is signed in (SPEC 3 user), what they keep here (favorites,
 * favorite_restorans → favoriteRestaurants) and how they see the menu (lockCode, the label
 * filters). Kept in storage with the rest of SPEC 3's client state (persistence.ts).
 */

/** SPEC 3 User. `password` is the token the server issued at sign-in. */
export interface User {
  authorized: boolean;
  id: string;
  password: string;
  name: string;
  phone: string;
  email: string;
  card: string;
  city: string;
  street: string;
  house: string;
  room: string;
  /** Flag: the booking tile is shown (SPEC 6). */
  booking: boolean;
  /** Flag: the stop-list tile is shown (SPEC 6). */
  stoplist: boolean;
}

/** The guest's part of the stored state (SPEC 3). */
export interface GuestFields {
  user: User;
  favorites: string[];
  favoriteRestaurants: string[];
  /** SPEC 3 lockCode: the code that unlocked locked dishes; '' for none. */
  lockCode: string;
  /**
   * The menu's label filters the guest chose (issue 31: «Вегетарианское», «Без орехов»…), each
   * once in the one list's order; kept on this device, cleared for a kiosk's next guest.
   */
  menuFilters: DishLabel[];
}

export const GUEST_KEYS = [
  'user',
  'favorites',
  'favoriteRestaurants',
  'lockCode',
  'menuFilters',
] as const satisfies ReadonlyArray<keyof GuestFields>;

export interface GuestActions {
  /** Merges the fields given into the user (sign-in passes `authorized: true` with the rest). */
  setUser: (patch: Partial<User>) => void;
  /** SPEC 4: logout clears the user fields. */
  logout: () => void;
  /** SPEC 3 lockCode: the code that unlocked locked dishes; '' forgets it. */
  setLockCode: (lockCode: string) => void;
  /** The menu's label filters (issue 31); [] shows every dish. */
  setMenuFilters: (filters: readonly DishLabel[]) => void;
  /** SPEC 3 favorites: marks a dish (its id) as a favourite or not; kept on this device only. */
  setFavorite: (dishId: string, favourite: boolean) => void;
  /** SPEC 3 favorite_restorans: marks a restaurant (its id) as a favourite or not. */
  setFavoriteRestaurant: (restaurantId: string, favourite: boolean) => void;
  /** SPEC 4 Kiosk idle: the next kiosk guest starts without the lock code and the filters. */
  startNextKioskGuest: () => void;
}

export type GuestState = GuestFields & GuestActions;

/** The contract's signed-out user in the stored shape: no id, flags off. */
export const EMPTY_USER: User = { ...SIGNED_OUT_USER, id: '', booking: false, stoplist: false };

export const INITIAL_GUEST: GuestFields = {
  user: EMPTY_USER,
  favorites: [],
  favoriteRestaurants: [],
  lockCode: '',
  menuFilters: [],
};

/**
 * A favourites list with the id in it (added once, at the end) or out of it. The same list comes
 * back when nothing changes, so a repeated tap neither re-renders nor writes storage.
 */
function withFavourite(list: string[], id: string, favourite: boolean): string[] {
  const present = list.includes(id);
  if (present === favourite) return list;
  return favourite ? [...list, id] : list.filter((entry) => entry !== id);
}

export function createGuestStore() {
  return createStore<GuestState>()((set, get) => ({
    ...INITIAL_GUEST,
    setUser: (patch) => set((state) => ({ user: { ...state.user, ...patch } })),
    logout: () => set({ user: EMPTY_USER }),
    setLockCode: (lockCode) => set({ lockCode }),
    setMenuFilters: (filters) => set({ menuFilters: normalizedFilters(filters) }),
    setFavorite: (dishId, favourite) => {
      const favorites = withFavourite(get().favorites, dishId, favourite);
      if (favorites !== get().favorites) set({ favorites });
    },
    setFavoriteRestaurant: (restaurantId, favourite) => {
      const favoriteRestaurants = withFavourite(get().favoriteRestaurants, restaurantId, favourite);
      if (favoriteRestaurants !== get().favoriteRestaurants) set({ favoriteRestaurants });
    },
    startNextKioskGuest: () => set({ lockCode: '', menuFilters: [] }),
  }));
}

export type GuestStore = ReturnType<typeof createGuestStore>;
