import { useEffect, useRef } from 'react';
import { PAYMENT_POLL_MS } from '@chain/domain';
import { checkPayment } from '../../api/order';
import { currentPayer } from './current-payer';

/** What ends the polling: the bank's answer for the order. */
export type PaymentOutcome = 'ok' | 'fail';

/**
 * SPEC 4, 9: while `active`, asks payment/check at once and then every PAYMENT_POLL_MS: ok or fail
 * is reported once and ends the polling; anything else polls on; a lost answer is asked again on
 * the next tick. The one poller of the payment screen, on the phone and on the kiosk.
 */
export function usePaymentPolling(
  orderId: string | null,
  active: boolean,
  onOutcome: (outcome: PaymentOutcome) => void,
  followToken: string | null = null,
): void {
  // The latest handler, so a new closure on each render does not restart the interval.
  const handler = useRef(onOutcome);
  useEffect(() => {
    handler.current = onOutcome;
  });

  useEffect(() => {
    if (!active || orderId === null) return;
    let stopped = false;
    const tick = async () => {
      try {
        const status = await checkPayment({ ...currentPayer(), followToken, orderId });
        if (stopped) return;
        if (status === 'ok' || status === 'fail') {
          stopped = true;
          clearInterval(handle);
          handler.current(status);
        }
      } catch {
        // a lost answer: ask again on the next tick
      }
    };
    const handle = setInterval(() => void tick(), PAYMENT_POLL_MS);
    void tick();
    return () => {
      stopped = true;
      clearInterval(handle);
    };
  }, [active, orderId, followToken]);
}
