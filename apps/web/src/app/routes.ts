import type { AppRouteName } from '@chain/contract';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazy-page';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Every route of SPEC 2's table (the patterns live in @chain/contract APP_ROUTES, shared with the
 * server's SPA fallback) mapped to its screen. Each screen is its own chunk, loaded when first
 * shown; a route added to the contract fails type-checking here until it has a screen.
 */
export const ROUTE_PAGES: Record<AppRouteName, Page> = {
  orderType: lazyPage(() => import('../features/home/order-type-page')),
  auth: lazyPage(() => import('../features/auth/auth-page')),
  selfFrom: lazyPage(() => import('../features/self-from/self-from-page')),
  deliveryTo: lazyPage(() => import('../features/delivery/delivery-to-page')),
  restoranMenu: lazyPage(() => import('../features/menu/menu-page')),
  menuList: lazyPage(() => import('../features/menu/menu-page')),
  product: lazyPage(() => import('../features/menu/product-page')),
  cart: lazyPage(() => import('../features/cart/cart-page')),
  deliveryTime: lazyPage(() => import('../features/delivery/delivery-time-page')),
  payment: lazyPage(() => import('../features/payment/payment-page')),
  thanks: lazyPage(() => import('../features/payment/thanks-page')),
  orderList: lazyPage(() => import('../features/orders/order-list-page')),
  orderDetail: lazyPage(() => import('../features/orders/order-detail-page')),
  profile: lazyPage(() => import('../features/account/profile-page')),
  addressList: lazyPage(() => import('../features/account/address-list-page')),
  addressDetail: lazyPage(() => import('../features/account/address-detail-page')),
  rateList: lazyPage(() => import('../features/account/rate-list-page')),
  liked: lazyPage(() => import('../features/menu/liked-page')),
  feedback: lazyPage(() => import('../features/account/feedback-page')),
  about: lazyPage(() => import('../features/about/about-page')),
  aboutById: lazyPage(() => import('../features/about/about-restaurant-page')),
  aboutRestoran: lazyPage(() => import('../features/about/about-restaurant-page')),
  aboutDelivery: lazyPage(() => import('../features/about/about-delivery-page')),
  aboutOferta: lazyPage(() => import('../features/about/about-offer-page')),
  predzakaz: lazyPage(() => import('../features/booking/preorder-page')),
  delayedzakaz: lazyPage(() => import('../features/booking/delayed-order-page')),
  booking: lazyPage(() => import('../features/booking/booking-page')),
  bookingStep2: lazyPage(() => import('../features/booking/booking-confirm-page')),
  bookingResult: lazyPage(() => import('../features/booking/booking-result-page')),
  restMap: lazyPage(() => import('../features/map/restaurant-map-page')),
  zagruzka: lazyPage(() => import('../features/load/load-intro-page')),
  zagruzkaRestList: lazyPage(() => import('../features/load/load-restaurant-list-page')),
  zagruzkaDetail: lazyPage(() => import('../features/load/load-detail-page')),
  kiosk: lazyPage(() => import('../features/kiosk/kiosk-page')),
  follow: lazyPage(() => import('../features/follow/follow-page')),
};

export const NotFoundPage = lazyPage(() => import('./not-found-page'));
