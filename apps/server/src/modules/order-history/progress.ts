import {
  ORDER_STATUS,
  orderStatusColour,
  orderStatusText,
  progressBarSteps,
  progressStepOf,
  type OrderType,
  type ProgressStep,
} from '@chain/domain';
import { refundStateOf } from '../order-events';

/**
 * The progress bar of SPEC 4 as the server gives it (progressBarData): the step from the
 * domain's progressStepOf, the icons' states from progressBarSteps, and the sentence under the
 * bar, which says what happens now and what the guest does next (docs/orders.md).
 */
export function progressBar(
  status: number,
  type: OrderType,
  paid: boolean,
): { step: number; text: string; steps: ProgressStep[] } {
  const step = progressStepOf(status, paid);
  return { step, text: progressText(status, type, paid), steps: progressBarSteps(type, step) };
}

export function progressText(status: number, type: OrderType, paid: boolean): string {
  switch (status) {
    case ORDER_STATUS.awaitingPayment:
      return paid ? 'Оплата получена, ресторан принимает заказ' : 'Ожидаем оплату заказа';
    case ORDER_STATUS.accepted:
      return 'Ресторан принял заказ и скоро начнёт готовить';
    case ORDER_STATUS.cooking:
      return 'Готовим ваш заказ';
    case ORDER_STATUS.ready:
      return type === 'delivery'
        ? 'Курьер везёт заказ'
        : type === 'inrest'
          ? 'Несём заказ к столу'
          : 'Заказ готов — заберите его на выдаче';
    case ORDER_STATUS.done:
      return type === 'delivery' ? 'Заказ доставлен. Приятного аппетита!' : 'Приятного аппетита!';
    case ORDER_STATUS.cancelled:
      return 'Заказ отменён';
    default:
      return 'Заказ обрабатывается';
  }
}

/**
 * What every view of an order says of its state — the order page (order/listUser), its live
 * stream and the kiosk's follow page (SPEC 3 Order, SPEC 4 progress bar): the status, its Russian
 * text (with the money returned, on its way or delayed, issue 31), its colour, the paid flag and
 * the progress bar. One builder, so the three never tell a guest different things.
 */
export function orderStatusView(order: {
  status: number;
  type: OrderType;
  paid: boolean;
  refunded_sum: number;
  refunding_sum: number;
  refund_delayed: boolean;
}): {
  status: number;
  status_text: string;
  status_color: string;
  paid: 0 | 1;
  progressBarData: ReturnType<typeof progressBar>;
} {
  return {
    status: order.status,
    status_text: orderStatusText(order.status, order.type, order.paid, refundStateOf(order)),
    status_color: orderStatusColour(order.status),
    paid: order.paid ? 1 : 0,
    progressBarData: progressBar(order.status, order.type, order.paid),
  };
}
