import { FileText } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { isFinalOrderState, type OrderView } from '@chain/contract';
import { cssColour, formatMoney, orderTypeTitle, paidText, showsPayButton } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { followOrderEvents } from './api/order-events';
import { loadOrder, ORDER_NOT_FOUND_MESSAGE } from './api/orders';
import { type GuestSession, useGuestSession } from '../../state/guest-session';
import { Button, buttonClassName, LinkButton } from '../../ui/button';
import { statusTextColour } from '../../ui/colour';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { OrderProgress } from '../../ui/order-progress';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { OrderRatingForm } from './order-rating-form';
import { OrderRatingShown } from './order-rating-shown';
import { useRatingTypes } from './use-rating-types';
import { OrderTips } from './order-tips';
import { dishScoresText, offersRating } from './rating-model';
import { COMMENT_LABEL } from '../../ui/rating-view';
import {
  orderPlaceText,
  orderSumRows,
  orderTitle,
  orderWhenText,
  payLaterState,
  statusAnnouncement,
  withStatus,
} from './orders-model';
import './orders.css';

type View =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly order: OrderView }
  /** Not this guest's order, or no such order: a refusal, no retry. */
  | { readonly kind: 'missing'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * SPEC 2 Orders: the order (/order_detail/{id}) — its status and the progress bar, which move
 * live while the page is open (the order's events stream), the receipt, the basket and sums,
 * where and when, and «Оплатить» while it is unpaid and below status 50 (SPEC 4).
 */
export default function OrderDetailPage() {
  const id = useParams<{ id?: string }>().id ?? '';
  const session = useGuestSession();
  // An id that is not a number names no order, and a kiosk has none of its own: refused here as the server would.
  if (session === null || !/^\d{1,18}$/.test(id)) {
    return (
      <Screen title={orderTitle(null)} back="/order_list">
        <OrderMissing message={ORDER_NOT_FOUND_MESSAGE} />
      </Screen>
    );
  }
  // Another order's page starts afresh (its own load, its own stream).
  return <OrderScreen key={`${session.id}:${id}`} session={session} id={id} />;
}

function OrderScreen({ session, id }: { session: GuestSession; id: string }) {
  const { view, retry, rated, announcement } = useOrder(session, id);
  const [, navigate] = useLocation();
  // The form the guest just sent goes away: focus moves to the rating it left.
  const [justRated, setJustRated] = useState(false);
  const onRated = useCallback(
    (next: OrderView) => {
      setJustRated(true);
      rated(next);
    },
    [rated],
  );
  const order = view.kind === 'ready' ? view.order : null;
  const payable = order !== null && showsPayButton(order);

  return (
    <Screen
      title={orderTitle(order)}
      back="/order_list"
      busy={view.kind === 'loading'}
      actions={
        order && payable ? (
          <Button block onClick={() => navigate('/payment', { state: payLaterState(order) })}>
            Оплатить {formatMoney(order.sum)}
          </Button>
        ) : undefined
      }
    >
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {view.kind === 'loading' ? <OrderSkeleton /> : null}
      {view.kind === 'ready' ? (
        <OrderDetail order={view.order} session={session} onRated={onRated} focusRating={justRated} />
      ) : null}
      {view.kind === 'missing' ? <OrderMissing message={view.message} /> : null}
      {view.kind === 'failed' ? (
        <LoadError title="Не удалось загрузить заказ" message={view.message} onRetry={retry} />
      ) : null}
    </Screen>
  );
}

/** Not this guest's order, or no such order: the server's refusal and the way back to the list. */
function OrderMissing({ message }: { message: string }) {
  return (
    <div role="alert">
      <EmptyState
        icon={<FileText />}
        title={message}
        text="Возможно, ссылка неверна или заказ сделан с другого аккаунта."
        action={
          <LinkButton href="/order_list" block>
            Мои заказы
          </LinkButton>
        }
      />
    </div>
  );
}

/**
 * The order, asked once (again on «Повторить»), then followed live while it can still change:
 * each `status` event puts its status, paid flag and progress bar in, and a changed status is
 * announced once.
 */
function useOrder(
  session: GuestSession,
  id: string,
): { view: View; retry: () => void; rated: (order: OrderView) => void; announcement: string } {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const shownStatus = useRef<string | null>(null);
  const orderId = view.kind === 'ready' ? view.order.id : null;
  const final = view.kind === 'ready' && isFinalOrderState(view.order);

  useEffect(() => {
    const controller = new AbortController();
    loadOrder(session, id, { signal: controller.signal }).then(
      (order) => {
        if (controller.signal.aborted) return;
        shownStatus.current = order.status_text;
        setView({ kind: 'ready', order });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.kind === 'server' && (error.status === 404 || error.status === 400)) {
          setView({ kind: 'missing', message: error.status === 404 ? error.message : ORDER_NOT_FOUND_MESSAGE });
        } else setView({ kind: 'failed', message: error instanceof ApiError ? error.message : REQUEST_FAILED_MESSAGE });
      },
    );
    return () => controller.abort();
  }, [session, id, attempt]);

  useEffect(() => {
    if (orderId === null || final) return;
    return followOrderEvents({
      session,
      orderId,
      onStatus: (update) => {
        if (update.id !== orderId) return;
        // The stream's first event repeats what is shown: only a change is announced.
        if (shownStatus.current !== update.status_text) setAnnouncement(statusAnnouncement(update));
        shownStatus.current = update.status_text;
        setView((current) =>
          current.kind === 'ready' ? { kind: 'ready', order: withStatus(current.order, update) } : current,
        );
      },
    });
  }, [session, orderId, final]);

  const retry = useCallback(() => {
    setView({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  // Just rated: the order with its ratings in place at once, then the server's copy (the photos' signed links).
  const rated = useCallback(
    (order: OrderView) => {
      setView({ kind: 'ready', order });
      loadOrder(session, id).then(
        (fresh) => setView((current) => (current.kind === 'ready' ? { kind: 'ready', order: fresh } : current)),
        () => {
          // The rating is in; the page keeps what it shows until the next visit brings the links.
        },
      );
    },
    [session, id],
  );
  return { view, retry, rated, announcement };
}

function OrderDetail({
  order,
  session,
  onRated,
  focusRating,
}: {
  order: OrderView;
  session: GuestSession;
  onRated: (order: OrderView) => void;
  /** The rating was just left here: its heading takes the focus the sent form had. */
  focusRating: boolean;
}) {
  const textColour = statusTextColour(order.status_color);
  const rateControls = offersRating(order);
  // The category name of the order rating shown read-only comes from rateGetTypes.
  const types = useRatingTypes(session, order.rate?.type != null);
  const place = orderPlaceText(order);
  // Cutlery and recommended items number apart (each has its own №1): a line's key is its kind and id.
  const extras = [
    ...order.pribors.map((line) => ({ key: `cutlery-${line.id}`, line })),
    ...order.recommendedItems.map((line) => ({ key: `recommended-${line.id}`, line })),
  ].filter(({ line }) => line.cnt > 0);
  return (
    <div className="order-detail">
      <section className="order-detail__status" aria-label="Статус">
        <p className="order-status order-status--large" data-testid="order-status">
          <span
            className="order-status__dot"
            style={{ background: cssColour(order.status_color) }}
            aria-hidden="true"
          />
          <span style={textColour ? { color: textColour } : undefined}>{order.status_text}</span>
        </p>
        <p className={order.paid === 1 ? 'order-paid order-paid--yes' : 'order-paid'}>{paidText(order.paid)}</p>
      </section>

      <OrderProgress progress={order.progressBarData} type={order.type} />

      {order.receipt ? (
        <a
          className={buttonClassName({ variant: 'secondary', block: true })}
          href={order.receipt}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="button__icon">
            <FileText aria-hidden="true" />
          </span>
          <span className="button__label">
            Чек заказа<span className="visually-hidden"> (откроется в новой вкладке)</span>
          </span>
        </a>
      ) : null}

      <dl className="order-facts">
        <div>
          <dt>Оформлен</dt>
          <dd>{order.time_text}</dd>
        </div>
        <div>
          <dt>Тип заказа</dt>
          <dd>{orderTypeTitle(order.type)}</dd>
        </div>
        <div>
          <dt>Ресторан</dt>
          <dd>
            {order.restoran.name}
            {order.restoran.address ? <span className="order-facts__more">{order.restoran.address}</span> : null}
          </dd>
        </div>
        {place ? (
          <div>
            <dt>{place.label}</dt>
            <dd>{place.value}</dd>
          </div>
        ) : null}
        <div>
          <dt>Когда</dt>
          <dd>{orderWhenText(order)}</dd>
        </div>
        {order.comment.trim() !== '' ? (
          <div>
            <dt>Комментарий</dt>
            <dd>{order.comment}</dd>
          </div>
        ) : null}
      </dl>

      <section className="order-basket" aria-labelledby="order-basket-title">
        <h2 id="order-basket-title" className="order-detail__heading">
          Состав заказа
        </h2>
        <ul className="order-basket__lines">
          {order.basket.map((line) => (
            <li key={line.line_id} className="order-line">
              <span className="order-line__name">
                {line.name}
                {line.spec ? <span className="order-line__detail">{line.spec.name}</span> : null}
                {line.specs.map((spec) => (
                  <span key={spec.id} className="order-line__detail">
                    {spec.cnt > 1 ? `${spec.name} × ${spec.cnt}` : spec.name}
                  </span>
                ))}
                {line.comment.trim() !== '' ? <span className="order-line__detail">{line.comment}</span> : null}
                {line.rate && dishScoresText(line.rate) !== '' ? (
                  <span className="order-line__detail order-line__rate">Ваша оценка: {dishScoresText(line.rate)}</span>
                ) : null}
                {line.rate && line.rate.comment.trim() !== '' ? (
                  <span className="order-line__detail order-line__rate">
                    <span className="visually-hidden">{COMMENT_LABEL}: </span>«{line.rate.comment}»
                  </span>
                ) : null}
              </span>
              <span className="order-line__count">
                {line.cnt} × {formatMoney(line.price)}
              </span>
              <span className="order-line__sum">{formatMoney(line.sum)}</span>
            </li>
          ))}
          {extras.map(({ key, line }) => (
            <li key={key} className="order-line">
              <span className="order-line__name">{line.name}</span>
              <span className="order-line__count">
                {line.cnt} × {formatMoney(line.price)}
                {line.charged_cnt < line.cnt ? (
                  <span className="order-line__detail">бесплатно: {line.cnt - line.charged_cnt}</span>
                ) : null}
              </span>
              <span className="order-line__sum">{formatMoney(line.sum)}</span>
            </li>
          ))}
        </ul>
        <dl className="order-sums">
          {orderSumRows(order).map((row) => (
            <div key={row.label} className={row.total ? 'order-sums__row order-sums__row--total' : 'order-sums__row'}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {order.paid === 1 ? <OrderTips order={order} /> : null}
      {order.rate ? (
        <OrderRatingShown
          rate={order.rate}
          types={types.state.kind === 'ready' ? types.state.types : null}
          focus={focusRating}
        />
      ) : null}
      {rateControls ? <OrderRatingForm order={order} session={session} onRated={onRated} /> : null}
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div className="order-detail">
      <span className="visually-hidden" role="status">
        Загружаем заказ…
      </span>
      <Skeleton shape="text" width="10rem" height="2rem" />
      <Skeleton height="5.5rem" />
      <Skeleton height="2.75rem" />
      <Skeleton height="8rem" />
      <Skeleton height="10rem" />
    </div>
  );
}
