import { describe, expect, it } from 'vitest';
import {
  isBuiltScreen,
  readBookingResultState,
  readBookingStep2State,
  readPaymentState,
  routePath,
} from './navigation';

describe('route paths (SPEC 2 route table)', () => {
  it('fills the parameters of a route', () => {
    expect(routePath('restoranMenu', { restoran_id: 7, order_type: 'self' })).toBe('/menu/7/self');
    expect(routePath('orderDetail', { id: 'A-15' })).toBe('/order_detail/A-15');
  });

  it('drops an optional last parameter that is not given', () => {
    expect(routePath('zagruzkaDetail', { fs_uid: 'abc' })).toBe('/zagruzka/detail/abc');
    expect(routePath('zagruzkaDetail', { fs_uid: 'abc', time: 1_700_000_000 })).toBe('/zagruzka/detail/abc/1700000000');
  });

  it('encodes parameter values', () => {
    expect(routePath('addressDetail', { id: 'a b/c' })).toBe('/address_list/a%20b%2Fc');
  });

  it('refuses to build a path without a required parameter', () => {
    expect(() => routePath('product', {})).toThrow(/"id"/);
  });

  it('builds parameterless paths', () => {
    expect(routePath('orderType')).toBe('/');
    expect(routePath('bookingStep2')).toBe('/booking/step_2');
  });
});

describe('values the screens receive (SPEC 2)', () => {
  it('payment needs an order number', () => {
    expect(readPaymentState({ orderNum: 'A-15', orderSum: 125_000 })).toMatchObject({
      orderNum: 'A-15',
      orderSum: 125_000,
    });
    expect(readPaymentState({ orderNum: 15 })?.orderNum).toBe(15);
    expect(readPaymentState({ orderNum: '' })).toBeNull();
    expect(readPaymentState({ orderSum: 100 })).toBeNull();
    expect(readPaymentState(null)).toBeNull();
  });

  it('payment reads a badly typed optional value as absent', () => {
    expect(readPaymentState({ orderNum: '1', orderSum: 'many', paysystem: 'cash' })).toEqual({ orderNum: '1' });
  });

  it('booking confirmation needs the parameters with a period-from', () => {
    expect(readBookingStep2State({ parameters: { periodfrom: 0, cntpersons: 2 } })).toEqual({
      parameters: { periodfrom: 0, cntpersons: 2 },
    });
    expect(readBookingStep2State({ parameters: { cntpersons: 2 } })).toBeNull();
    expect(readBookingStep2State({ periodfrom: 600 })).toBeNull();
  });

  it('booking result needs a booking', () => {
    expect(readBookingResultState({ booking: { booking_num: 'B1' } })).toEqual({ booking: { booking_num: 'B1' } });
    expect(readBookingResultState({ booking: null })).toBeNull();
    expect(readBookingResultState({})).toBeNull();
  });
});

describe('built screens (issue 7: a screen not built yet is not offered)', () => {
  it('offers the ordering journey', () => {
    for (const path of [
      '/',
      '/auth',
      '/self_from',
      '/menu/1/self',
      '/menu_list',
      '/product/101',
      '/cart',
      '/payment',
      '/thanks',
    ]) {
      expect(isBuiltScreen(path), path).toBe(true);
    }
  });

  it('offers the address map, the delivery time and the saved addresses (issue 13)', () => {
    for (const path of ['/delivery_to', '/delivery_time', '/address_list', '/address_list/5'])
      expect(isBuiltScreen(path), path).toBe(true);
  });

  it('offers Мои заказы and the order page (issue 15)', () => {
    for (const path of ['/order_list', '/order_detail/501']) expect(isBuiltScreen(path), path).toBe(true);
  });

  it("offers the chain's pages: О кафе, a restaurant, Условия доставки, Оферта (issue 15)", () => {
    for (const path of ['/about', '/about/3', '/about_restoran/3', '/about_delivery', '/about_oferta']) {
      expect(isBuiltScreen(path), path).toBe(true);
    }
  });

  it('offers Мой профиль, Мои оценки and Обратная связь (issue 15)', () => {
    for (const path of ['/profile', '/rate_list', '/feedback']) expect(isBuiltScreen(path), path).toBe(true);
  });

  it('hides unknown paths (every screen of SPEC 2 is built now)', () => {
    for (const path of ['/no/such/page', '/nowhere', '/predzakaz/extra']) {
      expect(isBuiltScreen(path), path).toBe(false);
    }
  });

  it('leaves outside links alone', () => {
    expect(isBuiltScreen('tel:+74951234567')).toBe(true);
    expect(isBuiltScreen('https://apps.apple.com/app/id1')).toBe(true);
  });
});
