import { asOrderType, MENU_CARD_PHOTO, photoSources } from '@chain/domain';
import type { PageLink, PagePreloads } from '../../http/web-app';
import type { MenuService } from './service';

/**
 * The phone's layout, where the first card's photo is preloaded: a kiosk (1080 px wide, its own
 * larger cards, the same routes) and a wide desktop pick other renditions or none, so they skip it.
 */
const PHONE_MEDIA = '(max-width: 1079px)';

/**
 * What the page of a menu screen preloads beside its code (issue 18): /menu/{restoran id or
 * fs_uid}/{order_type} opens with the public menu of that restaurant and order type, asked by its
 * URL (restaurantPublicMenu), and draws its first card's photo first, the screen's LCP: both come
 * with the page instead of after the app has run. The photo is preloaded as the card offers it
 * (MenuPhoto: the best format's renditions, the card's sizes), so the browser takes the same file.
 * Nothing for another route, a menu the menu call refuses, or a delivery menu: the guest chose the
 * delivery's time before it (/delivery_time), and a menu for a time goes to the menu call with it
 * (SPEC 7, issue 16), so a preload of the public one would be fetched for nothing.
 */
export function menuPagePreloads(menus: MenuService): PagePreloads {
  return async (route, path) => {
    if (route !== 'restoranMenu') return [];
    const [, , id = '', orderType = ''] = (path.split(/[?#]/, 1)[0] ?? '').split('/');
    let idOrFsUid: string;
    try {
      idOrFsUid = decodeURIComponent(id);
    } catch {
      return [];
    }
    const type = asOrderType(orderType);
    if (type === null || type === 'delivery') return [];
    const answers = await menus.menuPageAnswers(idOrFsUid, type);
    if (!answers) return [];
    const links: PageLink[] = [{ kind: 'fetch', href: answers.menu }];
    const best = photoSources(answers.firstPhoto, MENU_CARD_PHOTO, { kiosk: false, accessible: false })?.[0];
    if (best)
      links.push({ kind: 'image', type: best.type, srcSet: best.srcSet, sizes: best.sizes, media: PHONE_MEDIA });
    return links;
  };
}
