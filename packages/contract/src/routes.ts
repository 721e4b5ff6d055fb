/**
 * The routes of SPEC 2, as path patterns (`:name` a segment, `:name?` an optional last one).
 * The web app's router and the server's SPA fallback both read this list, so a route added
 * here is served by both.
 */
export const APP_ROUTES = {
  orderType: '/',
  auth: '/auth',
  selfFrom: '/self_from',
  deliveryTo: '/delivery_to',
  restoranMenu: '/menu/:restoran_id/:order_type',
  menuList: '/menu_list',
  product: '/product/:id',
  cart: '/cart',
  deliveryTime: '/delivery_time',
  payment: '/payment',
  thanks: '/thanks',
  orderList: '/order_list',
  orderDetail: '/order_detail/:id',
  profile: '/profile',
  addressList: '/address_list',
  addressDetail: '/address_list/:id',
  rateList: '/rate_list',
  liked: '/liked',
  feedback: '/feedback',
  about: '/about',
  aboutById: '/about/:id',
  aboutRestoran: '/about_restoran/:id',
  aboutDelivery: '/about_delivery',
  aboutOferta: '/about_oferta',
  predzakaz: '/predzakaz',
  delayedzakaz: '/delayedzakaz',
  booking: '/booking',
  bookingStep2: '/booking/step_2',
  bookingResult: '/booking_result',
  restMap: '/rest_map',
  zagruzka: '/zagruzka',
  zagruzkaRestList: '/zagruzka/rest_list',
  zagruzkaDetail: '/zagruzka/detail/:fs_uid/:time?',
  kiosk: '/kiosk/:id',
  /** Issue 14: a kiosk order's status on the guest's phone, by its signed follow token; public. */
  follow: '/follow/:token',
} as const;

export type AppRouteName = keyof typeof APP_ROUTES;

/** The name of the SPEC 2 route a path belongs to, or undefined. Trailing slashes are ignored. */
export function matchAppRoute(path: string): AppRouteName | undefined {
  const segments = splitSegments(path.split(/[?#]/, 1)[0] ?? '');
  for (const [name, pattern] of Object.entries(APP_ROUTES) as Array<[AppRouteName, string]>) {
    if (matchesPattern(splitSegments(pattern), segments)) return name;
  }
  return undefined;
}

function splitSegments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchesPattern(pattern: string[], segments: string[]): boolean {
  const required = pattern.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > pattern.length) return false;
  return segments.every((segment, index) => {
    const part = pattern[index];
    if (part === undefined) return false;
    return part.startsWith(':') || part === segment;
  });
}
