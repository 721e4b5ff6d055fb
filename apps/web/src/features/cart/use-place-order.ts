import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ATTENTION_TITLE } from '@chain/domain';
import { ApiError } from '../../api/client';
import { menuQuery } from '../../api/menu';
import { createOrder, type OrderRequest } from '../../api/order';
import type { CartLine } from '../../state/cart-store';
import type { OrderType, PayMethod } from '@chain/domain';
import { cartStore, guestStore, kioskStore, showDialog } from '../../state/store';

/** What the cart screen orders; the rest of the request (comment, table, time, key) is read from the store at the tap. */
export interface CartOrder {
  readonly restaurantId: string;
  readonly orderType: OrderType;
  readonly lines: readonly CartLine[];
  readonly cutlery: OrderRequest['cutlery'];
  readonly recommended: OrderRequest['recommended'];
  /** The receipt's e-mail as the cart shows it (a kiosk sends none). */
  readonly email: string;
  readonly paySystem: PayMethod;
  readonly kiosk: boolean;
  /** The coupon the cart quoted as checked by order/discount's answer, else '' (never one still being checked or refused). */
  readonly coupon: string;
  /** The total the pay button shows: order/create refuses the order (sum_changed) rather than charge another. */
  readonly expectedSum: number;
  /** A delivery order's point and lines (the courier's line as `full`). */
  readonly address?: OrderRequest['address'];
  /** The order/delivery quote the cart showed (decision 020). */
  readonly deliveryUuid?: string | null;
  /** Asks order/delivery again: the server found the quote stale (run out, or of another cart or subtotal). */
  readonly requote?: () => void;
}

/**
 * SPEC 4 pay flow: order/create, then /payment, or for a delayed order its message and home.
 * `ready` false (the extras still loading) ignores the tap. A process flag blocks a double submit:
 * a ref, so two taps within one render count once. An answer that comes after the kiosk ended the
 * guest who tapped (idle at zero, a slow network) is theirs, not the next guest's: it is dropped,
 * nothing is placed in the store and nobody is taken to the payment screen.
 */
export function usePlaceOrder(
  order: CartOrder,
  ready: boolean,
): { readonly busy: boolean; readonly pay: () => Promise<void> } {
  const [, navigate] = useLocation();
  const placing = useRef(false);
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (placing.current || !ready) return;
    placing.current = true;
    setBusy(true);
    const kioskSession = kioskStore.getState();
    const { checkout, checkoutKey, orderPlaced, updateCheckout } = cartStore.getState();
    kioskSession.setPlacingOrder(true);
    const guest = kioskSession.kioskGuestGeneration;
    const sameGuest = () => kioskStore.getState().kioskGuestGeneration === guest;
    const { orderType, paySystem, kiosk } = order;
    try {
      const placed = await createOrder({
        kiosk,
        kioskToken: kiosk ? kioskSession.kioskToken : '',
        user: guestStore.getState().user,
        restaurantId: order.restaurantId,
        orderType,
        lines: order.lines,
        cutlery: order.cutlery,
        recommended: order.recommended,
        comment: checkout.comment,
        table: orderType === 'inrest' ? checkout.table || null : null,
        pickup: checkout.deliveryDateTime,
        email: order.email,
        coupon: order.coupon,
        expectedSum: order.expectedSum,
        address: order.address ?? null,
        deliveryUuid: order.deliveryUuid ?? null,
        bookingNum: orderType === 'inrest' ? (checkout.booking?.num ?? null) : null,
        delayed: !kiosk && checkout.delayed,
        resumedOrderId: checkout.resumedOrderId,
        paySystem,
        lockCode: guestStore.getState().lockCode,
        idempotencyKey: checkoutKey(),
      });
      if (!sameGuest()) return;
      if (placed.delayed === 1) {
        await showDialog({ title: ATTENTION_TITLE, message: placed.message || 'Заказ сохранён.' });
        if (!sameGuest()) return;
        orderPlaced({
          id: String(placed.id),
          number: placed.number,
          sum: placed.sum,
          paySystem,
          followToken: placed.follow_token,
        });
        navigate('/', { replace: true });
        return;
      }
      const followToken = placed.follow_token;
      orderPlaced({ id: String(placed.id), number: placed.number, sum: placed.sum, paySystem, followToken });
      // The follow token rides in the history state too (payment-model followTokenOf), as the order does.
      navigate('/payment', {
        state: { orderId: placed.id, orderNum: placed.number, orderSum: placed.sum, paysystem: paySystem, followToken },
      });
    } catch (error) {
      // A gone guest's refusal is not the next guest's to read.
      if (!sameGuest()) return;
      // SPEC 8: the server's message in a 'Внимание' dialog; a network failure only re-enables the button.
      if (error instanceof ApiError && error.kind === 'server') {
        if (error.code === 'idempotency_conflict') updateCheckout({ idempotencyKey: null });
        // The delayed order this cart resumed was resumed elsewhere, paid or is gone: the server's
        // words say so, and the cart is an order of its own from now on.
        if (error.code === 'delayed_order_closed' || error.code === 'order_not_found')
          updateCheckout({ resumedOrderId: null });
        // The total changed under the cart (a price or the stop list): the cart asks the menu again.
        // A stale delivery quote may be the same change seen first by the quote (its subtotal), or
        // a quote that ran out: the menu is asked again and the delivery quoted again.
        if (error.code === 'sum_changed' || error.code === 'delivery_quote_stale') refreshMenu();
        if (error.code === 'delivery_quote_stale') order.requote?.();
        // The kiosk's token is no longer taken (staff ended it elsewhere, or the kiosk has none):
        // the guest reads why, and Home asks staff for the code (decision 038). The cart stays.
        const disconnected = kiosk && error.code === 'kiosk_not_connected';
        if (disconnected) kioskSession.setKioskToken('');
        await showDialog({ title: ATTENTION_TITLE, message: error.message });
        if (disconnected && sameGuest()) navigate('/', { replace: true });
      }
    } finally {
      placing.current = false;
      setBusy(false);
      kioskStore.getState().setPlacingOrder(false);
    }
  };

  return { busy, pay };
}

/** Asks the cart's menu again (the menu asked for last), so the cart shows today's prices and stop list. */
function refreshMenu(): void {
  const { args } = menuQuery.latest();
  if (args !== null) menuQuery.refetch(args);
}
