import { useHistoryState } from 'wouter/use-browser-location';
import { readPaymentState } from '../../state/navigation';
import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/**
 * SPEC 2 Payment ('Оплата заказа {number}'). It receives the order in history state; the guard
 * sends a visit without an order number to Thanks, so the number is here.
 */
export default function PaymentPage() {
  const payment = readPaymentState(useHistoryState<unknown>());
  const title = payment ? `Оплата заказа ${payment.orderNum}` : 'Оплата заказа';
  return (
    <Screen title={title} back={payment?.navback ?? true}>
      <SectionPreparing description="Здесь будет оплата через СБП или картой." />
    </Screen>
  );
}
