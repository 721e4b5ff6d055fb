import { captchaConfig } from './auth';
import { mapConfig } from './geo';
import { CHAIN_PAGE_SLUGS, type ChainPageSlug, chainPageCall } from './pages';
import { restaurantList } from './restaurants';
import type { AppRouteName } from './routes';

const LIST = restaurantList.path;
const MAP = mapConfig.path;
const page = (slug: ChainPageSlug) => chainPageCall.path.replace(':slug', slug);

/**
 * The public GET answers a route's screen asks as it opens (issue 18, decision 035). The server
 * preloads them in the page it serves for the route, beside the screen's code, so they do not wait
 * for the app to run; a screen's own fetch then takes the preloaded answer. Only answers that are
 * the same for every guest belong here. A screen that starts asking another one at once names it
 * here, and one that stops, leaves it (a preload nobody takes is wasted on a slow network).
 */
export const ROUTE_OPENING_ANSWERS: Readonly<Partial<Record<AppRouteName, readonly string[]>>> = {
  auth: [captchaConfig.path],
  selfFrom: [LIST],
  deliveryTo: [LIST, MAP],
  restoranMenu: [LIST],
  menuList: [LIST],
  cart: [LIST],
  deliveryTime: [LIST],
  liked: [LIST],
  about: [page(CHAIN_PAGE_SLUGS.about), LIST],
  aboutById: [LIST, MAP],
  aboutRestoran: [LIST, MAP],
  aboutDelivery: [page(CHAIN_PAGE_SLUGS.delivery), LIST],
  aboutOferta: [page(CHAIN_PAGE_SLUGS.offer)],
  restMap: [LIST, MAP],
  kiosk: [LIST],
};
