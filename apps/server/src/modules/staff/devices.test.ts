import { describe, expect, it } from 'vitest';
import { STAFF_DEVICE_DAYS } from '@chain/contract';
import { issueDeviceToken, trustedDevice } from './devices';

// Issue 30.3 (decision 039): a device token trusts its device for one account, for
// STAFF_DEVICE_DAYS from the sign-in that gave it, and only as the server signed it.
const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const DAY_MS = 24 * 3600_000;

describe('staff device tokens (issue 30.3)', () => {
  const issuedAt = new Date('2026-11-28T10:00:00Z');
  const token = issueDeviceToken(SECRET, 42, issuedAt);

  it('answers the device’s nonce for its own account within its days', () => {
    const nonce = trustedDevice(SECRET, token, 42, new Date(issuedAt.getTime() + (STAFF_DEVICE_DAYS - 1) * DAY_MS));
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(token).toContain(nonce);
    // Each sign-in gives a device of its own.
    expect(trustedDevice(SECRET, issueDeviceToken(SECRET, 42, issuedAt), 42, issuedAt)).not.toBe(nonce);
  });

  it('trusts nothing for another account, after its days, from another secret, altered, or not one at all', () => {
    expect(trustedDevice(SECRET, token, 43, issuedAt)).toBeNull();
    expect(
      trustedDevice(SECRET, token, 42, new Date(issuedAt.getTime() + (STAFF_DEVICE_DAYS + 1) * DAY_MS)),
    ).toBeNull();
    expect(trustedDevice(SECRET, token, 42, new Date(issuedAt.getTime() - 3600_000))).toBeNull();
    expect(trustedDevice(`${SECRET}-rotated`, token, 42, issuedAt)).toBeNull();
    const parts = token.split('.');
    const later = [parts[0], parts[1], String(Number(parts[2]) + 86_400), parts[3], parts[4]].join('.');
    expect(trustedDevice(SECRET, later, 42, issuedAt)).toBeNull();
    for (const junk of [undefined, '', 'd1', `${token}.x`, token.replace(/^d1/, 'd2'), token.toUpperCase()]) {
      expect(trustedDevice(SECRET, junk, 42, issuedAt), String(junk)).toBeNull();
    }
  });
});
