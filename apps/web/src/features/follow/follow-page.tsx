import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { cssColour, FOLLOW_POLL_MS, isOrderSettled } from '@chain/domain';
import { LoadError } from '../../ui/load-error';
import { useShell } from '../../ui/shell-context';
import { Skeleton } from '../../ui/skeleton';
import { BrandLogo } from '../../ui/top-bar';
import { loadOrderFollow, type OrderFollow } from './api';
import { type FollowProblem, followProblemOf } from './follow-model';
import { statusTextColour } from '../../ui/colour';
import { OrderProgress } from '../../ui/order-progress';
import './follow-page.css';

type View =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly order: OrderFollow }
  | { readonly kind: 'problem'; readonly problem: FollowProblem };

/**
 * The follow page (issue 14, `/follow/{token}`): a kiosk order's number, status and progress on
 * the guest's own phone, opened from the QR on the kiosk's Thanks screen — signed out, with empty
 * storage, outside the SPEC 2 guard. It shows that one order and nothing else: no menu, drawer or
 * sign-in, and no link into the app (a guest without an account would land on sign-in).
 */
export default function FollowPage() {
  const token = useParams<{ token?: string }>().token ?? '';
  const view = useFollow(token);
  useNoIndex();

  return (
    <div className="follow">
      <BrandBar />
      <main className="follow__main" aria-busy={view.kind === 'loading' || undefined}>
        {view.kind === 'loading' ? <FollowSkeleton /> : null}
        {view.kind === 'ready' ? <FollowedOrder order={view.order} /> : null}
        {view.kind === 'problem' && view.problem.kind === 'gone' ? (
          <div className="follow__gone" role="alert">
            <h1 className="follow__gone-title">{view.problem.message}</h1>
          </div>
        ) : null}
        {view.kind === 'problem' && view.problem.kind === 'failed' ? (
          <>
            <h1 className="visually-hidden">Заказ</h1>
            <LoadError title="Не удалось загрузить заказ" message={view.problem.message} onRetry={view.retry} />
          </>
        ) : null}
      </main>
    </div>
  );
}

/**
 * The order behind the token, asked at once and then every FOLLOW_POLL_MS while the page is
 * visible (a phone in a pocket asks nothing; coming back asks at once), until the order is
 * finished or the link is gone. A failed refresh keeps the order shown and asks again next time.
 */
function useFollow(token: string): View & { retry: () => void } {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const shown = useRef<OrderFollow | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;

    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === 'visible') timer = setTimeout(() => void ask(), FOLLOW_POLL_MS);
    };
    const ask = async () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      try {
        const order = await loadOrderFollow(token, { signal: current.signal });
        if (stopped || current.signal.aborted) return;
        shown.current = order;
        setView({ kind: 'ready', order });
        if (isOrderSettled(order)) stopped = true;
      } catch (error) {
        if (stopped || current.signal.aborted) return;
        const problem = followProblemOf(error);
        if (problem.kind === 'gone') stopped = true;
        // A refresh that fails keeps the order on screen; only a first failure shows the retry.
        if (problem.kind === 'gone' || shown.current === null) setView({ kind: 'problem', problem });
        if (problem.kind === 'failed' && shown.current === null) stopped = true;
      }
      schedule();
    };
    const onVisibility = () => {
      if (stopped) return;
      if (document.visibilityState === 'visible') void ask();
      else {
        clearTimeout(timer);
        controller?.abort();
      }
    };

    document.addEventListener('visibilitychange', onVisibility);
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [token, attempt]);

  const retry = useCallback(() => {
    setView({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { ...view, retry };
}

/** The link is private to the guest who scanned it: search engines are asked not to keep it. */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** The chain's logo and name (docs/design.md: from settings), not a link: there is nowhere else to go. */
function BrandBar() {
  const { brand } = useShell();
  return (
    <header className="top-bar">
      <div className="top-bar__inner follow__brand">
        <BrandLogo />
        {brand ? <span className="top-bar__app-name">{brand.name}</span> : null}
      </div>
    </header>
  );
}

function FollowedOrder({ order }: { order: OrderFollow }) {
  const textColour = statusTextColour(order.status_color);
  return (
    <article className="follow__order">
      <h1 className="follow__number">
        <span>Заказ</span>
        <strong>{order.number}</strong>
      </h1>
      <p className="follow__status" role="status">
        <span className="follow__status-dot" style={{ background: cssColour(order.status_color) }} aria-hidden="true" />
        <span style={textColour ? { color: textColour } : undefined}>{order.status_text}</span>
      </p>
      <OrderProgress progress={order.progressBarData} type={order.type} />
    </article>
  );
}

function FollowSkeleton() {
  return (
    <div className="follow__order">
      <h1 className="visually-hidden">Загружаем заказ…</h1>
      <Skeleton shape="text" width="6rem" />
      <Skeleton shape="text" width="10rem" height="3rem" />
      <Skeleton shape="text" width="8rem" />
      <Skeleton shape="block" height="5rem" />
    </div>
  );
}
