import { CircleCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { routePath } from '../../state/navigation';
import { kioskStore, useCartState, useKioskState } from '../../state/store';
import { Button, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { QrCode } from '../../ui/qr-code';
import { Screen } from '../../ui/screen';
import { idField, stringField } from './payment-model';
import './thanks-page.css';

/** SPEC 2 Thanks: thanks for the order, with its number and a home button. */
export default function ThanksPage() {
  const historyState = useHistoryState<unknown>();
  const placed = useCartState((state) => state.checkout.order);
  const kiosk = useKioskState((state) => state.kiosk);
  const number = stringField(historyState, 'orderNum') ?? placed?.number ?? null;
  if (kiosk) {
    const followToken = stringField(historyState, 'followToken') ?? placed?.followToken ?? null;
    return <KioskThanks number={number} followToken={followToken} />;
  }
  // The payment screen names the order it paid (an order paid later from its page too); else the
  // placed order is the one thanked for unless the payment screen named another number.
  const paidId = idField(historyState, 'orderId');
  const orderId = paidId ?? (placed !== null && number === placed.number ? placed.id : null);
  return <PhoneThanks number={number} orderId={orderId} />;
}

/**
 * SPEC 2 Thanks on a phone: the number, and the ways on — the order itself (its status and
 * progress, when the placed order's id is known), «Мои заказы», and home.
 */
function PhoneThanks({ number, orderId }: { number: string | null; orderId: string | null }) {
  return (
    <Screen title="Спасибо за заказ">
      <EmptyState
        icon={<CircleCheck />}
        title="Спасибо за заказ!"
        text={`${number ? `Номер заказа: ${number}. ` : ''}Статус заказа можно посмотреть в разделе «Мои заказы».`}
        action={
          <div className="thanks-actions">
            {orderId ? (
              <LinkButton href={routePath('orderDetail', { id: orderId })} block>
                Открыть заказ
              </LinkButton>
            ) : null}
            <LinkButton href={routePath('orderList')} variant={orderId ? 'secondary' : 'primary'} block>
              Мои заказы
            </LinkButton>
            <LinkButton href="/" variant="ghost" block>
              На главную
            </LinkButton>
          </div>
        }
      />
    </Screen>
  );
}

/** The follow page's address for a token, on this kiosk's own origin (the guest's phone opens it). */
export function followUrl(origin: string, token: string): string {
  return `${origin}${routePath('follow', { token })}`;
}

/**
 * SPEC 2 Thanks on a kiosk (issue 14): the number the guest listens for, very large, and a QR of
 * the order's follow page, so the guest walks away and follows the order on their own phone
 * without signing in. «На главную» ends the guest's visit: the next guest starts clean.
 */
function KioskThanks({ number, followToken }: { number: string | null; followToken: string | null }) {
  const [, navigate] = useLocation();
  const home = () => {
    kioskStore.getState().endKioskGuest();
    navigate('/', { replace: true });
  };
  return (
    <Screen
      title="Спасибо за заказ"
      actions={
        <Button block onClick={home}>
          На главную
        </Button>
      }
    >
      <div className={followToken ? 'kiosk-thanks' : 'kiosk-thanks kiosk-thanks--single'}>
        <div className="kiosk-thanks__head">
          <CircleCheck className="kiosk-thanks__icon" aria-hidden="true" />
          <h2 className="kiosk-thanks__title">Спасибо за заказ!</h2>
          <p className="kiosk-thanks__text">Заказ оплачен. Мы начали готовить.</p>
        </div>
        {number ? (
          <p className="kiosk-thanks__number">
            <span>Номер заказа</span>
            <strong data-testid="kiosk-order-number">{number}</strong>
          </p>
        ) : null}
        {followToken ? (
          <figure className="kiosk-thanks__follow">
            <QrCode
              className="kiosk-thanks__qr"
              value={followUrl(window.location.origin, followToken)}
              label={
                number
                  ? `QR-код для отслеживания заказа ${number} на телефоне`
                  : 'QR-код для отслеживания заказа на телефоне'
              }
            />
            <figcaption>Следите за заказом на своём телефоне: наведите камеру на код</figcaption>
          </figure>
        ) : null}
      </div>
    </Screen>
  );
}
