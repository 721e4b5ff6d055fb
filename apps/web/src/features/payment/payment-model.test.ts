import { describe, expect, it } from 'vitest';
import { followTokenOf, kioskQrOf, paymentTarget, savedCardLabel, stringField } from './payment-model';

const placed = { id: '17', number: 'С-003', sum: 61_500, paySystem: 'card' as const, followToken: null };

describe('the order the payment screen pays (SPEC 2, decision 011)', () => {
  it('takes the order the cart passed in history state, starting the chosen method', () => {
    expect(paymentTarget({ orderId: 17, orderNum: 'С-003', orderSum: 61_500, paysystem: 'sbp' }, '', null)).toEqual({
      orderId: '17',
      orderNum: 'С-003',
      orderSum: 61_500,
      paySystem: 'sbp',
      returned: false,
      failed: false,
    });
  });

  it('reads the bank return ?order_id= with the placed order of that id, and polls', () => {
    expect(paymentTarget(null, '?order_id=17&orderId=md-1', placed)).toMatchObject({
      orderId: '17',
      orderNum: 'С-003',
      orderSum: 61_500,
      returned: true,
      failed: false,
    });
    expect(paymentTarget(null, 'order_id=17&failed=1', placed)).toMatchObject({ returned: true, failed: true });
  });

  it('does not borrow the number of another placed order', () => {
    expect(paymentTarget(null, '?order_id=18', placed)).toMatchObject({
      orderId: '18',
      orderNum: null,
      orderSum: null,
    });
  });

  it('has nothing to pay without an order id', () => {
    expect(paymentTarget({ orderNum: 'С-003' }, '', placed)).toBeNull();
    expect(paymentTarget(null, '?order_id=abc', placed)).toBeNull();
  });
});

describe('saved cards (SPEC 2 Payment bindings)', () => {
  it('names a saved card by the last four digits and its expiry', () => {
    expect(savedCardLabel({ maskedPan: '411111**1111', expiry: '12/28' })).toBe('Карта •• 1111, до 12/28');
    expect(savedCardLabel({ maskedPan: '5555 55** **** 4444', expiry: '' })).toBe('Карта •• 4444');
  });

  it('shows an unusual mask as the bank gave it', () => {
    expect(savedCardLabel({ maskedPan: '**12', expiry: '01/30' })).toBe('Карта **12, до 01/30');
  });
});

describe('the kiosk QR (SPEC 2 Payment kiosk mode)', () => {
  it('draws the payload, or names why there is none', () => {
    expect(kioskQrOf({ qrPayload: ' https://qr.nspk.ru/AD1 ', errorMessage: '' }, 'init')).toEqual({
      payload: 'https://qr.nspk.ru/AD1',
    });
    expect(kioskQrOf({ qrPayload: null, errorMessage: 'Банк недоступен' }, 'init')).toEqual({
      refused: 'Банк недоступен',
    });
    expect(kioskQrOf({ qrPayload: 'https://qr.nspk.ru/AD1', errorMessage: 'Банк недоступен' }, 'init')).toEqual({
      refused: 'Банк недоступен',
    });
    expect(kioskQrOf({ qrPayload: '', errorMessage: '' }, 'init')).toEqual({ refused: 'init' });
  });

  it('takes the follow token of this placed order, else the history state’s', () => {
    const kioskOrder = { ...placed, followToken: 'tok.17' };
    expect(followTokenOf(kioskOrder, '17', null)).toBe('tok.17');
    expect(followTokenOf(kioskOrder, '18', { followToken: 'tok.18' })).toBe('tok.18');
    expect(followTokenOf(placed, '17', {})).toBeNull();
    expect(stringField({ followToken: '  ' }, 'followToken')).toBeNull();
    expect(stringField('x', 'followToken')).toBeNull();
  });
});
