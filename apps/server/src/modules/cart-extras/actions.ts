import { cartPriborsAction, cartRecommendsAction } from '@chain/contract';
import type { RestActionRegistry } from '../rest';
import { cartCutlery, cartRecommends } from './service';

/** The cart's extras of the generic call (SPEC 7; docs/rest.md): cartRecommends, cartPribors. */
export function registerCartExtrasActions(registry: RestActionRegistry): void {
  registry
    .register(cartRecommendsAction, async ({ app, fields }) => cartRecommends(app.db, fields))
    .register(cartPriborsAction, async ({ app, fields }) => cartCutlery(app.db, fields));
}
