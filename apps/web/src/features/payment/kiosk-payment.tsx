import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { formatMoney, PAYMENT_FAILED_MESSAGE, PAYMENT_INIT_FAILED_MESSAGE } from '@chain/domain';
import { RefreshCw } from 'lucide-react';
import { ApiError } from '../../api/client';
import { startSbpPayment } from '../../api/order';
import { showDialog, useCartState } from '../../state/store';
import { currentPayer } from './current-payer';
import { Button } from '../../ui/button';
import { QrCode } from '../../ui/qr-code';
import { Screen } from '../../ui/screen';
import { followTokenOf, kioskQrOf, type PaymentTarget, stringField } from './payment-model';
import { usePaymentPolling } from './use-payment-polling';
import './kiosk-payment.css';

/** What the kiosk's payment screen is showing. */
type Phase =
  | { readonly kind: 'starting' }
  | { readonly kind: 'qr'; readonly payload: string }
  /** payment/sbp gave no QR: the bank's text or SPEC 8's init failure, and «Повторить». */
  | { readonly kind: 'refused'; readonly message: string }
  /** payment/check said fail: SPEC 8's alert, then a new QR on request. */
  | { readonly kind: 'failed' };

/** SPEC 4: the instruction under the QR, for a guest who has not paid by QR before. */
export const KIOSK_SCAN_HINT = 'Отсканируйте QR-код камерой телефона или в приложении банка';

/**
 * SPEC 2 Payment in kiosk mode: the table number and an SBP QR (docs/design.md Kiosk, further: the QR
 * is the largest thing on the screen, the sum and the table beside it). SBP starts at once (SPEC
 * 6: the only method); the guest pays on their own phone, and polling (SPEC 4, every 5 s) moves
 * the kiosk to Thanks by itself. No bank list, card or bank-app link: those live on a phone.
 */
export function KioskPayment({
  target,
  title,
  back,
}: {
  target: PaymentTarget | null;
  title: string;
  back: string | true;
}) {
  const [, navigate] = useLocation();
  const historyState = useHistoryState<unknown>();
  const placed = useCartState((state) => state.checkout.order);
  // The table stays in the checkout after the order is placed (orderPlaced keeps it).
  const table = useCartState((state) => state.checkout.table) || stringField(historyState, 'table');
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const orderId = target?.orderId ?? null;
  const followToken = orderId === null ? null : followTokenOf(placed, orderId, historyState);

  useEffect(() => {
    if (orderId === null) return;
    const controller = new AbortController();
    startSbpPayment({ ...currentPayer(), followToken, orderId }, { signal: controller.signal }).then(
      (started) => {
        if (controller.signal.aborted) return;
        const qr = kioskQrOf(started, PAYMENT_INIT_FAILED_MESSAGE);
        setPhase('payload' in qr ? { kind: 'qr', payload: qr.payload } : { kind: 'refused', message: qr.refused });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setPhase({ kind: 'refused', message: error instanceof ApiError ? error.message : PAYMENT_INIT_FAILED_MESSAGE });
      },
    );
    return () => controller.abort();
  }, [orderId, followToken, attempt]);

  const again = useCallback(() => {
    setPhase({ kind: 'starting' });
    setAttempt((count) => count + 1);
  }, []);

  usePaymentPolling(
    orderId,
    phase.kind === 'qr',
    (outcome) => {
      if (outcome === 'ok') {
        navigate('/thanks', { replace: true, state: { orderNum: target?.orderNum ?? null, followToken } });
        return;
      }
      setPhase({ kind: 'failed' });
      void showDialog({ message: PAYMENT_FAILED_MESSAGE });
    },
    followToken,
  );

  const sum = target?.orderSum ?? null;
  const number = target?.orderNum ?? null;
  return (
    <Screen
      title={title}
      back={back}
      actions={
        phase.kind === 'refused' || phase.kind === 'failed' ? (
          <Button block icon={<RefreshCw />} onClick={again}>
            {phase.kind === 'failed' ? 'Получить новый QR-код' : 'Повторить'}
          </Button>
        ) : null
      }
    >
      <div className="kiosk-payment">
        <div className="kiosk-payment__code">
          {phase.kind === 'qr' ? (
            <QrCode
              value={phase.payload}
              label={number ? `QR-код для оплаты заказа ${number} через СБП` : 'QR-код для оплаты заказа через СБП'}
            />
          ) : phase.kind === 'starting' ? (
            <div className="kiosk-payment__placeholder" role="status">
              Готовим QR-код…
            </div>
          ) : (
            <div className="kiosk-payment__placeholder kiosk-payment__placeholder--error" role="alert">
              {phase.kind === 'failed' ? PAYMENT_FAILED_MESSAGE : phase.message}
            </div>
          )}
        </div>
        <div className="kiosk-payment__facts">
          {table ? <p className="kiosk-payment__table">Стол №{table}</p> : null}
          {sum !== null ? (
            <p className="kiosk-payment__sum">
              <span>К оплате</span>
              <strong>{formatMoney(sum)}</strong>
            </p>
          ) : null}
          <p className="kiosk-payment__method">Оплата через СБП</p>
        </div>
        {phase.kind === 'qr' ? (
          <>
            <p className="kiosk-payment__hint">{KIOSK_SCAN_HINT}</p>
            <p className="kiosk-payment__status" role="status">
              Ждём подтверждения оплаты от банка…
            </p>
          </>
        ) : null}
      </div>
    </Screen>
  );
}
