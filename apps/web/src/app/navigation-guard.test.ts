import { describe, expect, it } from 'vitest';
import { guardNavigation, type NavigationSession, paymentOrderIdFromSearch } from './navigation-guard';

const GUEST: NavigationSession = { authorized: false, kiosk: false };
const SIGNED_IN: NavigationSession = { authorized: true, kiosk: false };
const KIOSK: NavigationSession = { authorized: false, kiosk: true };

const go = (path: string, session: NavigationSession, state: unknown = null) =>
  guardNavigation({ path, state }, session);

describe('navigation guard (SPEC 2 Navigation guard)', () => {
  describe('SPEC 2 Home: the Kiosk start page asks whether to run in kiosk mode (issue 14: shown, not redirected)', () => {
    it.each([GUEST, SIGNED_IN, KIOSK])('is shown to every session, with no change of state (%o)', (session) => {
      expect(go('/kiosk/15', session)).toEqual({});
      expect(go('/kiosk/a%20b', session)).toEqual({});
    });
  });

  describe('SPEC 2: any route other than Auth needs an authorised user or kiosk mode; otherwise it goes to Auth', () => {
    it.each(['/', '/cart', '/menu/7/self', '/order_list', '/zagruzka/detail/abc', '/rest_map', '/no/such/page'])(
      'sends a guest from %s to /auth',
      (path) => {
        expect(go(path, GUEST)).toEqual({ redirect: '/auth' });
      },
    );

    it('lets a guest open /auth', () => {
      expect(go('/auth', GUEST)).toEqual({});
    });

    it('lets a signed-in user through', () => {
      expect(go('/order_list', SIGNED_IN)).toEqual({});
      expect(go('/menu/7/delivery', SIGNED_IN)).toEqual({});
    });

    it('lets kiosk mode through without a user (SPEC 6)', () => {
      expect(go('/', KIOSK)).toEqual({});
      expect(go('/menu/7/inrest', KIOSK)).toEqual({});
    });

    it('checks sign-in before the parameters a screen receives', () => {
      expect(go('/payment', GUEST)).toEqual({ redirect: '/auth' });
    });
  });

  describe('SPEC 2: Payment without an order number goes to Thanks', () => {
    it('redirects without state or without orderNum', () => {
      expect(go('/payment', SIGNED_IN)).toEqual({ redirect: '/thanks' });
      expect(go('/payment', SIGNED_IN, { orderId: 9, orderSum: 125_000 })).toEqual({ redirect: '/thanks' });
      expect(go('/payment', KIOSK, { orderNum: '' })).toEqual({ redirect: '/thanks' });
    });

    it('shows the payment with an order number', () => {
      expect(go('/payment', SIGNED_IN, { orderNum: 'A-15', orderId: 9 })).toEqual({});
    });

    it('shows the payment the bank returns to: /payment?order_id={id}[&failed=1] (decision 011)', () => {
      const back = (search: string, session = SIGNED_IN) =>
        guardNavigation({ path: '/payment', state: null, search }, session);
      expect(back('?order_id=17')).toEqual({});
      expect(back('order_id=17&failed=1&orderId=abc-def')).toEqual({});
      expect(back('?order_id=17', GUEST)).toEqual({ redirect: '/auth' });
    });

    it('still goes to Thanks with an order_id that is not an id', () => {
      const back = (search: string) => guardNavigation({ path: '/payment', state: null, search }, SIGNED_IN);
      expect(back('')).toEqual({ redirect: '/thanks' });
      expect(back('?order_id=')).toEqual({ redirect: '/thanks' });
      expect(back('?order_id=abc')).toEqual({ redirect: '/thanks' });
      expect(back('?orderId=17')).toEqual({ redirect: '/thanks' });
    });
  });

  describe('the order id of the bank return URL', () => {
    it('reads order_id digits, with or without ?', () => {
      expect(paymentOrderIdFromSearch('?order_id=17&failed=1')).toBe('17');
      expect(paymentOrderIdFromSearch('failed=1&order_id=5')).toBe('5');
      expect(paymentOrderIdFromSearch(undefined)).toBeNull();
      expect(paymentOrderIdFromSearch('?order_id=1;drop')).toBeNull();
    });
  });

  describe('SPEC 2: BookingStep2 without a period-from parameter goes to Booking', () => {
    it('redirects without parameters or without periodfrom', () => {
      expect(go('/booking/step_2', SIGNED_IN)).toEqual({ redirect: '/booking' });
      expect(go('/booking/step_2', SIGNED_IN, { parameters: { cntpersons: 2 } })).toEqual({ redirect: '/booking' });
    });

    it('shows the confirmation with a period-from', () => {
      expect(go('/booking/step_2', SIGNED_IN, { parameters: { periodfrom: 720, cntpersons: 2 } })).toEqual({});
    });
  });

  describe('SPEC 2: BookingResult without a booking parameter goes to /', () => {
    it('redirects without a booking', () => {
      expect(go('/booking_result', SIGNED_IN)).toEqual({ redirect: '/' });
      expect(go('/booking_result', SIGNED_IN, { booking: null })).toEqual({ redirect: '/' });
    });

    it('shows the result with a booking', () => {
      expect(go('/booking_result', SIGNED_IN, { booking: { booking_num: 'B-1' } })).toEqual({});
    });
  });

  describe('SPEC 2: an authorised user opening Auth goes to OrderType', () => {
    it('redirects a signed-in user from /auth to /', () => {
      expect(go('/auth', SIGNED_IN)).toEqual({ redirect: '/' });
    });

    it('SPEC 6: kiosk mode has no login, so a kiosk opening /auth goes to / too', () => {
      expect(go('/auth', KIOSK)).toEqual({ redirect: '/' });
    });
  });

  describe('issue 14: the follow page is outside the guard', () => {
    it.each([GUEST, SIGNED_IN, KIOSK])(
      'opens /follow/{token} for every session (%o), never sending it to /auth',
      (session) => {
        expect(go('/follow/501.lz3k9c.sig', session)).toEqual({});
        expect(go('/follow/501.lz3k9c.sig/', session)).toEqual({});
      },
    );

    it('guards what is not a follow link as before', () => {
      expect(go('/follow', GUEST)).toEqual({ redirect: '/auth' });
      expect(go('/follow/a/b', GUEST)).toEqual({ redirect: '/auth' });
    });
  });
});
