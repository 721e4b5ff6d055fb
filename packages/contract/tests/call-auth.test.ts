import { describe, expect, it } from 'vitest';
import { credentialFields, orderUserCredentials, restaurantMenu } from '../src/index';

// Where each call carries the user id and session token (call.ts Credentials): the server signs
// in from what `read` answers — null is "no credentials sent" (an optional-user call then runs
// without a user), anything else is a pair that must make a live session.

describe('credentialFields', () => {
  const credentials = credentialFields('user_id', 'token');

  it('names its fields for the API reference', () => {
    expect(credentials.where).toBe('user_id + token');
    expect(credentials.fields).toEqual(['user_id', 'token']);
  });

  it("reads nothing when neither is sent (absent, null or '')", () => {
    for (const body of [{}, { user_id: undefined, token: null }, { user_id: '', token: '' }])
      expect(credentials.read(body)).toBeNull();
  });

  it('reads a pair when either is sent, so a half-given pair fails rather than passing as a guest', () => {
    expect(credentials.read({ user_id: 5, token: 'x'.repeat(43) })).toEqual({ userId: 5, token: 'x'.repeat(43) });
    expect(credentials.read({ user_id: 5 })).toEqual({ userId: 5, token: undefined });
    expect(credentials.read({ token: 'x'.repeat(43) })).toEqual({ userId: undefined, token: 'x'.repeat(43) });
  });
});

describe('order/create credentials (orderUserCredentials)', () => {
  it('reads user.id + user.password, or user.token', () => {
    expect(orderUserCredentials.read({ source: 'web', user: { id: 3, password: 'p'.repeat(43), token: 't' } })).toEqual(
      { userId: 3, token: 'p'.repeat(43) },
    );
    expect(orderUserCredentials.read({ source: 'kiosk', user: { id: 3, token: 't'.repeat(43) } })).toEqual({
      userId: 3,
      token: 't'.repeat(43),
    });
  });

  it('lets a kiosk order without a user run without one, and makes a web order without a user a pair that fails', () => {
    expect(orderUserCredentials.read({ source: 'kiosk' })).toBeNull();
    expect(orderUserCredentials.read({ source: 'kiosk', user: null })).toBeNull();
    expect(orderUserCredentials.read({ source: 'web' })).toEqual({ userId: undefined, token: undefined });
  });
});

describe("the menu call's credentials", () => {
  const read = restaurantMenu.credentials.read;
  const base = { is_shop: 0, fs_uid: 'r', order_type: 'inrest' } as const;

  it('are read only with booking_num: the menu itself is public, a bare user_id is not a guest', () => {
    expect(read({ ...base, user_id: 5, token: 'x'.repeat(43) })).toBeNull();
    expect(read({ ...base, booking_num: 'B-1', user_id: 5, token: 'x'.repeat(43) })).toEqual({
      userId: 5,
      token: 'x'.repeat(43),
    });
    expect(read({ ...base, booking_num: 'B-1' })).toEqual({ userId: undefined, token: undefined });
  });
});
