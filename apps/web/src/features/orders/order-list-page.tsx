import { ClipboardList } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { OrderView } from '@chain/contract';
import { cssColour, formatMoney, paidText } from '@chain/domain';
import { REQUEST_FAILED_MESSAGE } from '../../api/client';
import { loadOrderPage } from './api/orders';
import { routePath } from '../../state/navigation';
import { LinkButton } from '../../ui/button';
import { statusTextColour } from '../../ui/colour';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { type PageLoader, PagedListEnd, type PagedListState, usePagedList } from '../../ui/paged-list';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { type GuestSession, useGuestSession } from '../../state/guest-session';
import { orderCardLabel } from './orders-model';
import './orders.css';

/** SPEC 8: the order list stops loading when a page comes back empty. */
const isLastOrderPage = (page: readonly OrderView[]): boolean => page.length === 0;

/**
 * SPEC 2 Orders: Мои заказы (/order_list), the signed-in guest's orders, newest first, 20 a page
 * (SPEC 9), the next page asked with offset = the number loaded when the list's end scrolls into
 * view (or «Показать ещё» is pressed), until a page comes back empty (SPEC 8).
 */
export default function OrderListPage() {
  const session = useGuestSession();
  const { state, loadMore } = useOrderPages(session);
  const first = state.items.length === 0;

  return (
    <Screen title="Мои заказы" menu busy={session !== null && first && state.phase === 'loading'}>
      {session === null ? (
        <SignInPrompt topic="orders" />
      ) : first && state.phase === 'failed' ? (
        <LoadError
          title="Не удалось загрузить заказы"
          message={state.error ?? REQUEST_FAILED_MESSAGE}
          onRetry={loadMore}
        />
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
            {state.items.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <PagedListEnd
            state={state}
            onMore={loadMore}
            className="order-list__end"
            failedTitle="Не удалось загрузить следующие заказы"
            loadingText="Загружаем ещё заказы…"
            skeletonHeight="6rem"
          />
        </>
      )}
    </Screen>
  );
}

/** The guest's orders a page at a time (SPEC 9: 20 a page), none after an empty page. */
function useOrderPages(session: GuestSession | null): { state: PagedListState<OrderView>; loadMore: () => void } {
  const load = useMemo<PageLoader<OrderView> | null>(
    () => (session === null ? null : (offset, options) => loadOrderPage(session, offset, options)),
    [session],
  );
  return usePagedList(load, isLastOrderPage);
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
          <span
            className="order-status__dot"
            style={{ background: cssColour(order.status_color) }}
            aria-hidden="true"
          />
          <span style={textColour ? { color: textColour } : undefined}>{order.status_text}</span>
        </span>
        {order.status_text === paid ? null : (
          <span className={order.paid === 1 ? 'order-paid order-paid--yes' : 'order-paid'}>{paid}</span>
        )}
      </span>
    </Link>
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
