import { rateGetTypesAction } from '@chain/contract';
import type { RestActionRegistry } from '../rest';
import { findRatingTypes } from './repository';

/** The ratings' actions of the generic call (SPEC 7): rateGetTypes. */
export function registerRatingActions(registry: RestActionRegistry): void {
  registry.register(rateGetTypesAction, async ({ app }) => findRatingTypes(app.db));
}
