import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import {
  DEFAULT_PAY_METHOD,
  ERROR_TITLE,
  formatMoney,
  PAYMENT_AUTOSTART_MS,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_INIT_FAILED_MESSAGE,
  type PayMethod,
} from '@chain/domain';
import { ApiError } from '../../api/client';
import { loadSavedCards, type SavedCard, type SbpStart, startCardPayment, startSbpPayment } from '../../api/order';
import { readPaymentState } from '../../state/navigation';
import { guestStore, showDialog, useCartState, useKioskState } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { autostartedBefore, rememberAutostart } from './autostart-once';
import { KioskPayment } from './kiosk-payment';
import { type PaymentTarget, paymentTarget, savedCardLabel } from './payment-model';
import { usePaymentPolling } from './use-payment-polling';
import { PayMethodChoice } from '../../ui/pay-method-choice';
import { RadioCards } from '../../ui/radio-cards';
import './payment-page.css';

/**
 * SPEC 2 Payment ('Оплата заказа {number}'). The order comes in history state from the cart, or
 * as `?order_id=` when the bank returns the guest (decision 011); the number and sum are read
 * from the checkout state by that id. A kiosk shows the table and the SBP QR instead of the
 * method choice (SPEC 2 Payment, kiosk mode).
 */
export default function PaymentPage() {
  const search = useSearch();
  const routeState = readPaymentState(useHistoryState<unknown>());
  const placed = useCartState((state) => state.checkout.order);
  const kiosk = useKioskState((state) => state.kiosk);
  const target = paymentTarget(routeState, search, placed);
  const title = target?.orderNum ? `Оплата заказа ${target.orderNum}` : 'Оплата заказа';
  const back = routeState?.navback ?? true;
  return kiosk ? (
    <KioskPayment target={target} title={title} back={back} />
  ) : (
    <PhonePayment target={target} title={title} back={back} />
  );
}

/** The phone's payment: the method, a saved card, the pay button, the bank list (SPEC 2 Payment). */
function PhonePayment({ target, title, back }: { target: PaymentTarget | null; title: string; back: string | true }) {
  const [, navigate] = useLocation();
  const [paySystem, setPaySystem] = useState<PayMethod>(target?.paySystem ?? DEFAULT_PAY_METHOD);
  const [busy, setBusy] = useState(false);
  const [polling, setPolling] = useState(target?.returned ?? false);
  const [sbp, setSbp] = useState<SbpStart | null>(null);
  const starting = useRef(false);
  const orderId = target?.orderId ?? null;
  // SPEC 2 Payment `bindings`: the guest's saved cards (null while asked); the first is offered.
  const savedCards = useSavedCards();
  const [cardChoice, setCardChoice] = useState<string | null | undefined>(undefined);
  // A choice the guest makes on this screen cancels the auto-start (it would pay the old way).
  const touched = useRef(false);
  const chooseMethod = (method: PayMethod) => {
    touched.current = true;
    setPaySystem(method);
  };
  const chooseCard = (cardId: string | null) => {
    touched.current = true;
    setCardChoice(cardId);
  };
  const savedCardId = cardChoice === undefined ? (savedCards?.[0]?.bindingId ?? null) : cardChoice;

  const pay = useCallback(
    async (method: PayMethod, cardId: string | null) => {
      if (orderId === null || starting.current) return;
      starting.current = true;
      setBusy(true);
      const { user } = guestStore.getState();
      try {
        if (method === 'card' && cardId !== null) {
          // A saved card: the bank charges it at once; polling reads the outcome (ok at once, or pending).
          const started = await startCardPayment({ user, orderId, savedCardId: cardId });
          if (started.errorMessage) await showDialog({ title: ERROR_TITLE, message: started.errorMessage });
          else setPolling(true);
        } else if (method === 'card') {
          const started = await startCardPayment({ user, orderId });
          if (started.errorMessage) await showDialog({ title: ERROR_TITLE, message: started.errorMessage });
          else if (started.formUrl) {
            window.location.assign(started.formUrl);
            return; // the page leaves: the button stays busy
          } else await showDialog({ title: ERROR_TITLE, message: PAYMENT_INIT_FAILED_MESSAGE });
        } else {
          const started = await startSbpPayment({ user, orderId });
          if (started.errorMessage) {
            await showDialog({ title: ERROR_TITLE, message: started.errorMessage });
          } else {
            // SPEC 4: bank variants → the list; only a URL → open it; polling starts in every case.
            // The URL also stays on the screen as a link: a browser may block a window the guest
            // did not open with a tap (the auto-start's).
            setSbp(started);
            if (started.variants.length === 0 && started.paymentUrl)
              window.open(started.paymentUrl, '_blank', 'noopener');
            setPolling(true);
          }
        }
      } catch (error) {
        await showDialog({
          title: ERROR_TITLE,
          message: error instanceof ApiError ? error.message : PAYMENT_INIT_FAILED_MESSAGE,
        });
      }
      starting.current = false;
      setBusy(false);
    },
    [orderId],
  );

  // SPEC 4: with a preselected paysystem the payment starts by itself after 500 ms (not on the
  // bank's return). A card payment waits for the saved cards: with one, the guest chooses and
  // confirms (a card is never charged unasked); without, the bank's form opens by itself. A choice
  // within the 500 ms cancels it; it fires once per order (autostart-once.ts).
  const initialMethod = target?.paySystem ?? DEFAULT_PAY_METHOD;
  const [startedBefore] = useState(() => orderId !== null && autostartedBefore(orderId));
  const cardsKnown = initialMethod === 'sbp' || savedCards !== null;
  const autostart =
    target !== null &&
    !target.returned &&
    !startedBefore &&
    target.paySystem !== null &&
    cardsKnown &&
    (initialMethod === 'sbp' || savedCards?.length === 0);
  useEffect(() => {
    if (!autostart || orderId === null) return;
    const timer = setTimeout(() => {
      if (touched.current) return;
      rememberAutostart(orderId);
      void pay(initialMethod, null);
    }, PAYMENT_AUTOSTART_MS);
    return () => clearTimeout(timer);
  }, [autostart, orderId, initialMethod, pay]);

  // SPEC 4, 9: the status every 5 s: ok → Thanks; fail → alert and pay again; else poll on.
  usePaymentPolling(orderId, polling, (outcome) => {
    if (outcome === 'ok') {
      navigate('/thanks', { replace: true, state: { orderNum: target?.orderNum ?? null, orderId } });
      return;
    }
    setPolling(false);
    setSbp(null);
    void showDialog({ message: PAYMENT_FAILED_MESSAGE });
  });

  const sum = target?.orderSum ?? null;
  return (
    <Screen
      title={title}
      back={back}
      actions={
        <Button
          block
          busy={busy || polling}
          onClick={() => void pay(paySystem, paySystem === 'card' ? savedCardId : null)}
        >
          {sum !== null ? `Оплатить ${formatMoney(sum)}` : 'Оплатить'}
        </Button>
      }
    >
      <div className="payment">
        {sum !== null ? (
          <p className="payment__sum">
            <span>К оплате</span>
            <strong>{formatMoney(sum)}</strong>
          </p>
        ) : null}
        <fieldset className="payment__methods" disabled={busy || polling}>
          <legend className="payment__title">Способ оплаты</legend>
          <PayMethodChoice name="payment-method" kiosk={false} value={paySystem} onChange={chooseMethod} />
        </fieldset>
        {paySystem === 'card' && savedCards !== null && savedCards.length > 0 ? (
          <SavedCardChoice cards={savedCards} value={savedCardId} onChange={chooseCard} disabled={busy || polling} />
        ) : null}
        {polling ? (
          <p className="payment__status" role="status">
            Ждём подтверждения оплаты от банка…
          </p>
        ) : null}
        {sbp?.paymentUrl && polling ? (
          <a className="payment__default-bank" href={sbp.paymentUrl} target="_blank" rel="noopener">
            Открыть приложение банка по умолчанию
          </a>
        ) : null}
      </div>
      <BottomSheet
        open={sbp !== null && sbp.variants.length > 0 && polling}
        onClose={() => setSbp(null)}
        title="Выберите свой банк"
      >
        <ul className="payment__banks" aria-label="Банки">
          {sbp?.variants.map((bank) => (
            <li key={bank.link}>
              <a className="payment__bank" href={bank.link} target="_blank" rel="noopener">
                <img src={bank.logo} alt="" width={40} height={40} />
                <span>{bank.name}</span>
              </a>
            </li>
          ))}
        </ul>
        {sbp?.paymentUrl ? (
          <a className="payment__default-bank" href={sbp.paymentUrl} target="_blank" rel="noopener">
            Открыть приложение банка по умолчанию
          </a>
        ) : null}
      </BottomSheet>
    </Screen>
  );
}

/** The guest's saved cards, null while asked; none (also when the question fails) means the bank's form. */
function useSavedCards(): SavedCard[] | null {
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadSavedCards({ user: guestStore.getState().user }, { signal: controller.signal }).then(setCards, () => {
      if (!controller.signal.aborted) setCards([]);
    });
    return () => controller.abort();
  }, []);
  return cards;
}

/** The card choice's value for «Новая карта» (the bank's form). */
const NEW_CARD = '';

/** A saved card or a new one (the bank's form), SPEC 2 Payment `card` and `bindings`. */
function SavedCardChoice({
  cards,
  value,
  onChange,
  disabled,
}: {
  cards: readonly SavedCard[];
  value: string | null;
  onChange: (cardId: string | null) => void;
  disabled: boolean;
}) {
  const options = [
    ...cards.map((card) => ({ value: card.bindingId, label: savedCardLabel(card) })),
    { value: NEW_CARD, label: 'Новая карта' },
  ];
  return (
    <fieldset className="payment__methods" disabled={disabled}>
      <legend className="payment__title">Карта</legend>
      <RadioCards
        name="payment-card"
        wide
        options={options}
        value={value ?? NEW_CARD}
        onChange={(chosen) => onChange(chosen === NEW_CARD ? null : chosen)}
      />
    </fieldset>
  );
}
