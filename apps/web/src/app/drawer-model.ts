import { formatPhoneInput, type OrderType, phoneDigits, telHref } from '@chain/domain';
import { APP_ROUTES } from '@chain/contract';

/** The hotline's tel: link (the domain's rule, named here for the drawer's tests). */
export { telHref };

export interface DrawerInput {
  readonly authorized: boolean;
  readonly kiosk: boolean;
  readonly dishesLoaded: boolean;
  readonly orderType: OrderType | null;
  /** From settings; null until they load (or when they could not). */
  readonly hotline: string | null;
  readonly userName: string;
  readonly userPhone: string;
  /** Shown under the name when there is no phone (a guest signed in by e-mail). */
  readonly userEmail?: string;
}

export type DrawerIcon =
  | 'phone'
  | 'feedback'
  | 'orders'
  | 'profile'
  | 'liked'
  | 'addresses'
  | 'ratings'
  | 'home'
  | 'about'
  | 'delivery'
  | 'offer'
  | 'logout';

export type DrawerEntry =
  | { readonly kind: 'link'; readonly icon: DrawerIcon; readonly label: string; readonly href: string }
  | {
      readonly kind: 'call';
      readonly icon: 'phone';
      readonly label: string;
      readonly detail: string;
      readonly href: string;
    }
  | { readonly kind: 'logout'; readonly icon: 'logout'; readonly label: string };

export interface DrawerModel {
  /** Hotline and feedback; empty in kiosk mode. */
  readonly contact: readonly DrawerEntry[];
  /** The signed-in guest's name and phone (or e-mail when there is no phone), or null. */
  readonly profile: { readonly name: string; readonly phone: string } | null;
  readonly account: readonly DrawerEntry[];
  readonly general: readonly DrawerEntry[];
}

/** What the side drawer shows (SPEC 2 Side drawer; SPEC 6 kiosk mode). */
export function drawerModel(input: DrawerInput): DrawerModel {
  const contact: DrawerEntry[] = [];
  // SPEC 2: in kiosk mode hotline and feedback are hidden.
  if (!input.kiosk) {
    if (input.hotline && input.hotline.trim() !== '') {
      contact.push({
        kind: 'call',
        icon: 'phone',
        label: 'Горячая линия',
        detail: input.hotline,
        href: telHref(input.hotline),
      });
    }
    contact.push({ kind: 'link', icon: 'feedback', label: 'Обратная связь', href: APP_ROUTES.feedback });
  }

  // SPEC 2: when signed in: name and phone, My orders, My profile, My favourites (only if
  // dishes are loaded), My addresses, My ratings.
  const account: DrawerEntry[] = [];
  if (input.authorized) {
    account.push({ kind: 'link', icon: 'orders', label: 'Мои заказы', href: APP_ROUTES.orderList });
    account.push({ kind: 'link', icon: 'profile', label: 'Мой профиль', href: APP_ROUTES.profile });
    if (input.dishesLoaded) account.push({ kind: 'link', icon: 'liked', label: 'Любимое', href: APP_ROUTES.liked });
    account.push({ kind: 'link', icon: 'addresses', label: 'Мои адреса', href: APP_ROUTES.addressList });
    account.push({ kind: 'link', icon: 'ratings', label: 'Мои оценки', href: APP_ROUTES.rateList });
  }

  // SPEC 2: also Home, About the cafe (only for delivery or self), About delivery, Offer, Logout.
  const general: DrawerEntry[] = [{ kind: 'link', icon: 'home', label: 'Главная', href: APP_ROUTES.orderType }];
  if (input.orderType === 'delivery' || input.orderType === 'self') {
    general.push({ kind: 'link', icon: 'about', label: 'О кафе', href: APP_ROUTES.about });
  }
  general.push({ kind: 'link', icon: 'delivery', label: 'Условия доставки', href: APP_ROUTES.aboutDelivery });
  general.push({ kind: 'link', icon: 'offer', label: 'Оферта', href: APP_ROUTES.aboutOferta });
  // SPEC 6: kiosk mode has no login, so nothing to log out of (staff leave it with their code).
  if (!input.kiosk) general.push({ kind: 'logout', icon: 'logout', label: 'Выход' });

  return {
    contact,
    profile: input.authorized
      ? { name: input.userName, phone: input.userPhone ? formatPhone(input.userPhone) : (input.userEmail ?? '') }
      : null,
    account,
    general,
  };
}

/** An 11-digit Russian number (SPEC 5) in the sign-in mask, +7 (999) 123-45-67; anything else as it came. */
export function formatPhone(phone: string): string {
  return phoneDigits(phone) ? formatPhoneInput(phone) : phone;
}
