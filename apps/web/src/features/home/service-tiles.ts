import { APP_ROUTES, type Settings } from '@chain/contract';
import { chainDelivers } from '@chain/domain';
import { isBuiltScreen } from '../../state/navigation';

export interface ServiceTile {
  readonly id: 'preorder' | 'delayed' | 'booking' | 'load' | 'map' | 'stoplist';
  readonly label: string;
  readonly href: string;
}

type TileSettings = Pick<Settings, 'allow_predzakaz' | 'allow_delayed' | 'show_zagruzka' | 'show_restmap'>;
interface TileUser {
  readonly booking: boolean;
  readonly stoplist: boolean;
}

/**
 * SPEC 2 Home, normal mode: the optional service tiles, each behind its setting or user flag
 * (Отложенный заказ behind allow_delayed, SPEC 3 Settings). Home shows only those whose screen
 * is built (BUILT_SCREENS).
 */
export function serviceTiles(settings: TileSettings, user: TileUser): ServiceTile[] {
  const tiles: ServiceTile[] = [];
  if (settings.allow_predzakaz === 1) tiles.push({ id: 'preorder', label: 'Предзаказ', href: APP_ROUTES.predzakaz });
  if (settings.allow_delayed === 1)
    tiles.push({ id: 'delayed', label: 'Отложенный заказ', href: APP_ROUTES.delayedzakaz });
  if (user.booking) tiles.push({ id: 'booking', label: 'Забронировать стол', href: APP_ROUTES.booking });
  if (settings.show_zagruzka === 1)
    tiles.push({ id: 'load', label: 'Загруженность ресторанов', href: APP_ROUTES.zagruzka });
  if (settings.show_restmap === 1) tiles.push({ id: 'map', label: 'Карта ресторанов', href: APP_ROUTES.restMap });
  if (user.stoplist) tiles.push({ id: 'stoplist', label: 'Стоп-лист', href: APP_ROUTES.zagruzkaRestList });
  return tiles;
}

/** SPEC 2 Home: the app-store link for the guest's platform, or null. */
export function appStoreLink(
  userAgent: string,
  urls: Pick<Settings, 'app_store_url' | 'google_play_url'>,
): { readonly label: string; readonly href: string } | null {
  if (/iPhone|iPad|iPod/i.test(userAgent) && urls.app_store_url) {
    return { label: 'Приложение в App Store', href: urls.app_store_url };
  }
  if (/Android/i.test(userAgent) && urls.google_play_url) {
    return { label: 'Приложение в Google Play', href: urls.google_play_url };
  }
  return null;
}

/**
 * Whether Home offers Доставка: while the chain delivers (SPEC 3 Settings `delivery`; until the
 * settings arrive it is assumed, so nothing jumps) and once its map (/delivery_to, BUILT_SCREENS)
 * is built, since «Новый адрес» and a guest without a saved address go there.
 */
export function deliveryOffered(settings: Pick<Settings, 'delivery'> | null): boolean {
  return chainDelivers(settings) && isBuiltScreen(APP_ROUTES.deliveryTo);
}
