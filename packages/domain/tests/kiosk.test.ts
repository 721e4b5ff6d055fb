import { describe, expect, it } from 'vitest';
import { KIOSK_IDLE_COUNTDOWN_S, KIOSK_IDLE_MS } from '../src/constants';
import { KIOSK_PAYMENT_IDLE_MS, kioskIdleTimes } from '../src/kiosk';

describe('kioskIdleTimes (SPEC 4, 9; issue 14)', () => {
  it('never idles on an empty Home, where the next guest starts (SPEC 4: any screen except OrderType)', () => {
    expect(kioskIdleTimes('home', false, false)).toBeNull();
    expect(kioskIdleTimes('home', true, false)).toBeNull();
  });

  it('idles on Home as elsewhere when a guest left something there, so the next one does not inherit it', () => {
    expect(kioskIdleTimes('home', false, true)).toEqual({ idleMs: 15_000, countdownS: 10 });
    expect(kioskIdleTimes('home', true, true)).toEqual({ idleMs: 45_000, countdownS: 30 });
  });

  it('asks after 15 000 ms and counts down 10 s elsewhere (SPEC 9), guest or not', () => {
    expect(kioskIdleTimes('other', false, true)).toEqual({ idleMs: 15_000, countdownS: 10 });
    expect(kioskIdleTimes('other', false, false)).toEqual({ idleMs: 15_000, countdownS: 10 });
    expect(KIOSK_IDLE_MS).toBe(15_000);
    expect(KIOSK_IDLE_COUNTDOWN_S).toBe(10);
  });

  it('waits longer on the payment screen, where the guest pays on their own phone', () => {
    expect(kioskIdleTimes('payment', false, true)).toEqual({ idleMs: KIOSK_PAYMENT_IDLE_MS, countdownS: 10 });
    expect(KIOSK_PAYMENT_IDLE_MS).toBeGreaterThan(KIOSK_IDLE_MS);
  });

  it('triples both times in accessibility mode', () => {
    expect(kioskIdleTimes('other', true, true)).toEqual({ idleMs: 45_000, countdownS: 30 });
    expect(kioskIdleTimes('payment', true, true)).toEqual({ idleMs: KIOSK_PAYMENT_IDLE_MS * 3, countdownS: 30 });
  });
});
