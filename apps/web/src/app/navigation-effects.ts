import type { AppStore } from '../state/app-store';
import type { NavigationEffect } from './navigation-guard';

/** Carries out the guard's effects on the store, in the order the guard gave them. */
export function applyNavigationEffects(store: AppStore, effects: readonly NavigationEffect[]): void {
  const state = store.getState();
  for (const effect of effects) {
    switch (effect.type) {
      case 'setKiosk':
        state.setKiosk(effect.kiosk);
        break;
      case 'setRestaurant':
        state.setRestaurant({ id: effect.restaurantId });
        break;
      case 'logout':
        state.logout();
        break;
    }
  }
}
