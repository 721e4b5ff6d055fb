import { registerBookingActions } from '../booking';
import { registerCartExtrasActions } from '../cart-extras';
import { registerLoadActions } from '../load';
import { registerRatingActions } from '../ratings';
import { RestActionRegistry } from './registry';

/**
 * Every action of the generic call (SPEC 7). A module adds its actions with one line here:
 * ratings (rateGetTypes), booking (booking, pre-order, delayed order), load (zagruzka*) and the
 * cart's extras (cartRecommends, cartPribors).
 */
export function createRestActions(): RestActionRegistry {
  const registry = new RestActionRegistry();
  registerRatingActions(registry);
  registerBookingActions(registry);
  registerLoadActions(registry);
  registerCartExtrasActions(registry);
  return registry;
}
