import { ClipboardList } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { OrderView } from '@chain/contract';
import { cssColour, formatMoney } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { loadOrderPage } from '../../api/orders';
import { routePath } from '../../state/navigation';
import { Button, LinkButton } from '../../ui/button';
import { statusTextColour } from '../../ui/colour';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { useOrderSession } from './order-session';
import { orderCardLabel, paidText } from './orders-model';
import './orders.css';

type Session = { id: string; password: string };

interface ListState {
  readonly orders: readonly OrderView[];
  /** loading: a page is on its way; more: another page may follow; end: an empty page came (SPEC 8); failed: the last ask failed. */
  readonly phase: 'loading' | 'more' | 'end' | 'failed';
  readonly error: string | null;
}

const START: ListState = { orders: [], phase: 'loading', error: null };

/**
 * SPEC 2 Orders: Мои заказы (/order_list), the signed-in guest's orders, newest first, 20 a page
 * (SPEC 9), the next page asked with offset = the number loaded when the list's end scrolls into
 * view (or «Показать ещё» is pressed), until a page comes back empty (SPEC 8).
 */
export default function OrderListPage() {
  const session = useOrderSession();
  const { state, loadMore } = useOrderPages(session);
  const first = state.orders.length === 0;

  return (
    <Screen title="Мои заказы" menu busy={session !== null && first && state.phase === 'loading'}>
      {session === null ? (
        <SignInForOrders />
      ) : first && state.phase === 'failed' ? (
        <LoadError title="Не удалось загрузить заказы" message={state.error ?? REQUEST_FAILED_MESSAGE} onRetry={loadMore} />
      ) : first && state.phase === 'loading' ? (
        <OrderListSkeleton />
      ) : first && state.phase === 'end' ? (
        <EmptyState
          icon={<ClipboardList />}
          title="Заказов пока нет"
          text="Выберите, где и как заказать, — заказ появится здесь."
          action={
            <LinkButton href="/" block>
              Сделать заказ
            </LinkButton>
          }
        />
      ) : (
        <>
          <ul className="order-list" aria-label="Заказы">
            {state.orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <ListEnd state={state} onMore={loadMore} />
        </>
      )}
    </Screen>
  );
}

/** The pages asked so far: the first at once, each next one on loadMore, none after an empty page. */
function useOrderPages(session: Session | null): { state: ListState; loadMore: () => void } {
  const [state, setShown] = useState<ListState>(START);
  const asking = useRef<AbortController | null>(null);
  // The state the next ask starts from (an IntersectionObserver's callback may come from an old render).
  const latest = useRef<ListState>(START);
  const setState = useCallback((next: ListState) => {
    latest.current = next;
    setShown(next);
  }, []);

  const ask = useCallback(
    (from: ListState) => {
      if (session === null || asking.current !== null || from.phase === 'end') return;
      const controller = new AbortController();
      asking.current = controller;
      setState({ ...from, phase: 'loading', error: null });
      loadOrderPage(session, from.orders.length, { signal: controller.signal }).then(
        (page) => {
          if (controller.signal.aborted) return;
          asking.current = null;
          // Another device may have placed an order meanwhile: an id already shown is not shown twice.
          const known = new Set(from.orders.map((order) => order.id));
          const fresh = page.filter((order) => !known.has(order.id));
          setState({ orders: [...from.orders, ...fresh], phase: page.length === 0 ? 'end' : 'more', error: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          asking.current = null;
          setState({ ...from, phase: 'failed', error: error instanceof ApiError ? error.message : REQUEST_FAILED_MESSAGE });
        },
      );
    },
    [session, setState],
  );

  useEffect(() => {
    ask(START);
    return () => {
      asking.current?.abort();
      asking.current = null;
    };
  }, [ask]);

  const loadMore = useCallback(() => ask(latest.current), [ask]);
  return { state, loadMore };
}

/** One order as a card linking to its page: number, time, sum, status in its colour, paid or not. */
function OrderCard({ order }: { order: OrderView }) {
  const textColour = statusTextColour(order.status_color);
  const paid = paidText(order.paid);
  return (
    <Link href={routePath('orderDetail', { id: order.id })} className="order-card" aria-label={orderCardLabel(order)}>
      <span className="order-card__head">
        <span className="order-card__number">Заказ {order.znumber}</span>
        <span className="order-card__sum">{formatMoney(order.sum)}</span>
      </span>
      <span className="order-card__time">{order.time_text}</span>
      <span className="order-card__foot">
        <span className="order-status">
          <span className="order-status__dot" style={{ background: cssColour(order.status_color) }} aria-hidden="true" />
          <span style={textColour ? { color: textColour } : undefined}>{order.status_text}</span>
        </span>
        {order.status_text === paid ? null : (
          <span className={order.paid === 1 ? 'order-paid order-paid--yes' : 'order-paid'}>{paid}</span>
        )}
      </span>
    </Link>
  );
}

/**
 * The list's end: a sentinel that asks for the next page as it scrolls into view, and
 * «Показать ещё» for whoever does not scroll (a keyboard, a screen reader, a browser without
 * IntersectionObserver); a failed page's error with «Повторить» in its place.
 */
function ListEnd({ state, onMore }: { state: ListState; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const canAsk = state.phase === 'more';

  useEffect(() => {
    const element = sentinel.current;
    if (!canAsk || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canAsk, onMore]);

  if (state.phase === 'failed') {
    return (
      <div className="order-list__end">
        <LoadError title="Не удалось загрузить следующие заказы" message={state.error ?? REQUEST_FAILED_MESSAGE} onRetry={onMore} />
      </div>
    );
  }
  if (state.phase === 'loading') {
    return (
      <div className="order-list__end">
        <span className="visually-hidden" role="status">
          Загружаем ещё заказы…
        </span>
        <Skeleton height="6rem" />
      </div>
    );
  }
  if (state.phase === 'end') return null;
  return (
    <div className="order-list__end" ref={sentinel}>
      <Button variant="secondary" block onClick={onMore}>
        Показать ещё
      </Button>
    </div>
  );
}

function OrderListSkeleton() {
  return (
    <div className="order-list order-list--skeleton">
      <span className="visually-hidden" role="status">
        Загружаем заказы…
      </span>
      <Skeleton height="6rem" />
      <Skeleton height="6rem" />
      <Skeleton height="6rem" />
    </div>
  );
}

/** A kiosk or a signed-out guest has no orders of their own: the way to sign in. */
function SignInForOrders() {
  return (
    <EmptyState
      icon={<ClipboardList />}
      title="Заказы доступны после входа"
      text="Войдите, чтобы видеть свои заказы и их статусы."
      action={
        <LinkButton href="/auth" block>
          Войти
        </LinkButton>
      }
    />
  );
}
