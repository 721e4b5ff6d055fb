import type { PagePreloads } from '../../http/web-app';
import type { MenuService } from './service';

/**
 * What the page of a menu screen preloads beside its code (issue 18): /menu/{restoran id or
 * fs_uid}/{order_type} opens with the public menu of that restaurant and order type, asked by its
 * URL (restaurantPublicMenu), so the answer comes with the page instead of after the app has run.
 * Nothing for another route, an unknown or closed restaurant or an order type it does not take.
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
    const href = await menus.publicMenuPathFor(idOrFsUid, orderType);
    return href ? [href] : [];
  };
}
