import { registerRatingActions } from '../ratings/actions';
import { RestActionRegistry } from './registry';

/**
 * Every action of the generic call (SPEC 7). A module adds its actions with one line here:
 * ratings (rateGetTypes) now; booking, load and cart actions come with their modules.
 */
export function createRestActions(): RestActionRegistry {
  const registry = new RestActionRegistry();
  registerRatingActions(registry);
  return registry;
}
