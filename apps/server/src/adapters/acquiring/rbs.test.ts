import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardExpiry, rbsCallbackChecksum, rbsCallbackSigned } from './rbs';

describe('RBS callback checksum (decision 011)', () => {
  const secret = 'merchant-callback-key';

  it('is HMAC-SHA256 over the other parameters sorted by name as name;value; pairs, upper-case hex', () => {
    const params = { status: '1', orderNumber: '17-ab12cd', mdOrder: 'e89ce9f2-6727-4169-91d9-74992362f836', operation: 'deposited' };
    const expected = createHmac('sha256', secret)
      .update('mdOrder;e89ce9f2-6727-4169-91d9-74992362f836;operation;deposited;orderNumber;17-ab12cd;status;1;')
      .digest('hex')
      .toUpperCase();
    expect(rbsCallbackChecksum(params, secret)).toBe(expected);
    expect(rbsCallbackChecksum({ ...params, checksum: 'ignored', sign_alias: 'ignored' }, secret)).toBe(expected);
  });

  it('accepts the right checksum in either case and refuses a changed parameter, another key or none', () => {
    const params = { mdOrder: 'm', orderNumber: '1-aa', operation: 'deposited', status: '1' };
    const checksum = rbsCallbackChecksum(params, secret);
    expect(rbsCallbackSigned({ ...params, checksum }, secret)).toBe(true);
    expect(rbsCallbackSigned({ ...params, checksum: checksum.toLowerCase() }, secret)).toBe(true);
    expect(rbsCallbackSigned({ ...params, status: '0', checksum }, secret)).toBe(false);
    expect(rbsCallbackSigned({ ...params, checksum }, 'another-key')).toBe(false);
    expect(rbsCallbackSigned(params, secret)).toBe(false);
  });
});

describe('card expiry as RBS sends it', () => {
  it.each([
    ['203012', '12/30'],
    [202701, '01/27'],
    ['12/30', '12/30'],
    ['', ''],
    [undefined, ''],
    ['2030', ''],
  ])('%j → %j', (value, shown) => {
    expect(cardExpiry(value)).toBe(shown);
  });
});
