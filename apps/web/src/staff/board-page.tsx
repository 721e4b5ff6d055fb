import { useCallback, useEffect, useRef, useState } from 'react';
import {
  STAFF_EVENTS_KEEP_ALIVE_MS,
  staffBoardCall,
  staffBoardEventsCall,
  staffMoveOrderCall,
  staffOrder,
  type StaffOrder,
} from '@chain/contract';
import { clockWithDayText, formatMoney, ORDER_STATUS, paidText } from '@chain/domain';
import { followLiveStream } from '../api/live-stream';
import { failureText, staffCall } from './api';
import { BOARD_COLUMNS, columnOf, latenessOf, mergeOrder, moveLabel, placeText, waitedMinutes } from './board-model';
import { setStaffSession, staffSession } from './session';
import { RefundDialog } from './refunds/refund-dialog';
import { LoadFailed, NotLoaded, StaffError } from './staff-error';

/** How long a card that just arrived stays marked as new. */
const NEW_CARD_MS = 4000;

/**
 * The order board of a restaurant (issue 17, docs/design.md Staff): columns by status, a large card
 * per order with what the kitchen, the hall or the courier needs, the next step as one big
 * button and the minutes since placed (or since the chosen time) in the colour of lateness. It
 * follows the board's live stream; after a reconnect it reloads the board once.
 */
export function BoardPage({
  restaurantId,
  manager = false,
}: {
  restaurantId: number;
  /** A manager may cancel a paid order with its money returned (issue 31). */ manager?: boolean;
}) {
  const [orders, setOrders] = useState<StaffOrder[] | null>(null);
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [now, setNow] = useState(() => Date.now());
  const known = useRef(new Set<number>());
  // The refund dialog lives beside the columns: a cancelled order's card moves to another column
  // (a new card) while the dialog shows the refund's state.
  const [refunding, setRefunding] = useState<{ id: number; znumber: string } | null>(null);

  const reload = useCallback(() => {
    staffCall(staffBoardCall, { params: { id: restaurantId } }).then(
      (board) => {
        for (const order of board.orders) known.current.add(order.id);
        setNow(Date.now());
        setTimeZone(board.time_zone);
        setOrders(board.orders);
        setError(null);
      },
      (failure: unknown) => setError(failureText(failure)),
    );
  }, [restaurantId]);

  useEffect(() => {
    reload();
    const token = staffSession()?.token ?? '';
    return followLiveStream({
      url: staffBoardEventsCall.path.replace(':id', String(restaurantId)),
      headers: { authorization: `Bearer ${token}` },
      keepAliveMs: STAFF_EVENTS_KEEP_ALIVE_MS,
      onOpen: (reconnected) => {
        if (reconnected) reload();
      },
      onRefused: (status) => {
        if (status === 401) setStaffSession(null);
      },
      onEvent: (event) => {
        if (event.event !== 'order') return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          return;
        }
        const order = staffOrder.safeParse(parsed);
        if (!order.success) return;
        if (!known.current.has(order.data.id)) {
          known.current.add(order.data.id);
          const id = order.data.id;
          setFresh((current) => new Set(current).add(id));
          setTimeout(() => setFresh((current) => new Set([...current].filter((entry) => entry !== id))), NEW_CARD_MS);
        }
        setNow(Date.now());
        setOrders((current) => mergeOrder(current ?? [], order.data));
      },
    });
  }, [restaurantId, reload]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const moved = (order: StaffOrder) => setOrders((current) => mergeOrder(current ?? [], order));

  if (orders === null) {
    return <NotLoaded error={error} loading="Загружаем заказы…" onRetry={reload} />;
  }
  return (
    <div className="board">
      <h1 className="staff-visually-hidden">Заказы</h1>
      {error ? <LoadFailed text={error} onRetry={reload} /> : null}
      {BOARD_COLUMNS.map((column) => {
        const inColumn = orders.filter((order) => columnOf(order) === column.id);
        return (
          <section
            key={column.id}
            className={`board__column board__column--${column.id}`}
            aria-labelledby={`column-${column.id}`}
          >
            <h2 id={`column-${column.id}`} className="board__title">
              {column.title} <span className="board__count">{inColumn.length}</span>
            </h2>
            {inColumn.length === 0 ? <p className="board__empty">Нет заказов</p> : null}
            {inColumn.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                now={now}
                timeZone={timeZone}
                fresh={fresh.has(order.id)}
                onMoved={moved}
                compact={column.id === 'done'}
                onRefund={manager ? () => setRefunding({ id: order.id, znumber: order.znumber }) : undefined}
              />
            ))}
          </section>
        );
      })}
      {refunding ? (
        <RefundDialog orderId={refunding.id} znumber={refunding.znumber} onClose={() => setRefunding(null)} />
      ) : null}
    </div>
  );
}

function OrderCard({
  order,
  now,
  timeZone,
  fresh,
  onMoved,
  compact,
  onRefund,
}: {
  order: StaffOrder;
  now: number;
  /** The restaurant's zone (the board's answer); a card's time is read on its clock. */
  timeZone: string | undefined;
  fresh: boolean;
  onMoved: (order: StaffOrder) => void;
  compact: boolean;
  /** A manager's «Отменить с возвратом» (issue 31); none for a kitchen account. */
  onRefund: (() => void) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const lateness = latenessOf(order, now);
  const waited = waitedMinutes(order, now);
  const [next, ...others] = order.next;

  const move = async (to: number) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onMoved(await staffCall(staffMoveOrderCall, { to }, { params: { id: order.id } }));
      setConfirming(false);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const titleId = `order-${order.id}`;
  return (
    <article
      className={`order-card order-card--${lateness}${fresh ? ' order-card--new' : ''}`}
      aria-labelledby={titleId}
    >
      <header className="order-card__head">
        <h3 id={titleId} className="order-card__number">
          {order.znumber}
        </h3>
        <span className="order-card__waited" aria-label={waited >= 0 ? `Ждёт ${waited} мин` : `Через ${-waited} мин`}>
          {waited >= 0 ? `${waited} мин` : `через ${-waited} мин`}
        </span>
      </header>
      <p className="order-card__place">
        <strong>{placeText(order)}</strong>
        {order.due_at ? <span> · к {clockWithDayText(Date.parse(order.due_at), now, timeZone)}</span> : null}
      </p>
      <p className={order.paid ? 'order-card__paid' : 'order-card__unpaid'}>
        {paidText(order.paid)} · {formatMoney(order.sum)} · {order.status_text}
      </p>
      {!compact ? (
        <>
          {order.type === 'delivery' && order.address ? <p className="order-card__address">{order.address}</p> : null}
          {order.guest_name || order.guest_phone ? (
            <p className="order-card__guest">
              {order.guest_name}
              {order.guest_phone ? (
                <>
                  {' '}
                  <a href={`tel:+${order.guest_phone}`}>+{order.guest_phone}</a>
                </>
              ) : null}
            </p>
          ) : null}
          <ul className="order-card__lines">
            {order.lines.map((line, index) => (
              <li key={index}>
                <span className="order-card__cnt">{line.cnt}×</span> {line.name}
                {line.options.length > 0 ? (
                  <span className="order-card__options"> · {line.options.join(', ')}</span>
                ) : null}
              </li>
            ))}
            {order.cutlery.map((line, index) => (
              <li key={`c${index}`} className="order-card__cutlery">
                {line.cnt}× {line.name}
              </li>
            ))}
          </ul>
          {order.comment ? <p className="order-card__comment">«{order.comment}»</p> : null}
        </>
      ) : null}
      <StaffError text={error} />
      {next !== undefined && next !== ORDER_STATUS.cancelled ? (
        <button
          type="button"
          className="staff-button staff-button--primary staff-button--big"
          aria-busy={busy || undefined}
          onClick={() => void move(next)}
        >
          {moveLabel(next, order.type)}
        </button>
      ) : null}
      {[...(next === ORDER_STATUS.cancelled ? [next] : []), ...others].map((to) =>
        to === ORDER_STATUS.cancelled && !confirming ? (
          <button
            key={to}
            type="button"
            className="staff-button staff-button--secondary"
            onClick={() => setConfirming(true)}
          >
            {moveLabel(to, order.type)}
          </button>
        ) : to === ORDER_STATUS.cancelled ? (
          <div key={to} className="order-card__confirm" role="group" aria-label={`Отменить заказ ${order.znumber}?`}>
            <span>Отменить заказ?</span>
            <button
              type="button"
              className="staff-button staff-button--danger"
              aria-busy={busy || undefined}
              onClick={() => void move(to)}
            >
              Да, отменить
            </button>
            <button type="button" className="staff-button staff-button--secondary" onClick={() => setConfirming(false)}>
              Нет
            </button>
          </div>
        ) : (
          <button key={to} type="button" className="staff-button staff-button--secondary" onClick={() => void move(to)}>
            {moveLabel(to, order.type)}
          </button>
        ),
      )}
      {onRefund && order.paid ? (
        <button type="button" className="staff-button staff-button--ghost" onClick={onRefund}>
          {order.status === ORDER_STATUS.cancelled
            ? 'Возврат денег'
            : order.status < ORDER_STATUS.done
              ? 'Отменить с возвратом'
              : 'Вернуть деньги'}
        </button>
      ) : null}
    </article>
  );
}
