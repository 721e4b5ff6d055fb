import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, REQUEST_FAILED_MESSAGE, type RequestOptions } from '../api/client';
import { Button } from './button';
import { LoadError } from './load-error';
import { Skeleton } from './skeleton';

/*
 * A list loaded a page at a time (Мои заказы, Мои оценки; SPEC 2, 8, 9): the first page at once,
 * the next one (offset = the number loaded) when the list's end scrolls into view or «Показать
 * ещё» is pressed, until the list says its last page came. One home for the paging both lists use.
 */

export interface PagedListState<T> {
  readonly items: readonly T[];
  /** loading: a page is on its way; more: another page may follow; end: the last page came; failed: the last ask failed. */
  readonly phase: 'loading' | 'more' | 'end' | 'failed';
  readonly error: string | null;
}

/** A page of the list from `offset`; null while there is nothing to ask (a signed-out guest). Keep it stable (useMemo). */
export type PageLoader<T> = (offset: number, options: RequestOptions) => Promise<T[]>;

function startState<T>(): PagedListState<T> {
  return { items: [], phase: 'loading', error: null };
}

/** The pages asked so far: the first at once, each next one on loadMore, none after the page `isLastPage` names (a module-level function). */
export function usePagedList<T extends { readonly id: number }>(
  load: PageLoader<T> | null,
  isLastPage: (page: readonly T[]) => boolean,
): { state: PagedListState<T>; loadMore: () => void } {
  const [state, setShown] = useState<PagedListState<T>>(startState);
  const asking = useRef<AbortController | null>(null);
  // The state the next ask starts from (an IntersectionObserver's callback may come from an old render).
  const latest = useRef<PagedListState<T>>(state);
  const setState = useCallback((next: PagedListState<T>) => {
    latest.current = next;
    setShown(next);
  }, []);
  const ask = useCallback(
    (from: PagedListState<T>) => {
      if (load === null || asking.current !== null || from.phase === 'end') return;
      const controller = new AbortController();
      asking.current = controller;
      setState({ ...from, phase: 'loading', error: null });
      load(from.items.length, { signal: controller.signal }).then(
        (page) => {
          if (controller.signal.aborted) return;
          asking.current = null;
          // An entry added meanwhile (another device's order, a rating just left) shifts the pages: an id already shown is not shown twice.
          const known = new Set(from.items.map((item) => item.id));
          const fresh = page.filter((item) => !known.has(item.id));
          setState({ items: [...from.items, ...fresh], phase: isLastPage(page) ? 'end' : 'more', error: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          asking.current = null;
          setState({
            ...from,
            phase: 'failed',
            error: error instanceof ApiError ? error.message : REQUEST_FAILED_MESSAGE,
          });
        },
      );
    },
    [load, isLastPage, setState],
  );

  useEffect(() => {
    ask(startState());
    return () => {
      asking.current?.abort();
      asking.current = null;
    };
  }, [ask]);

  const loadMore = useCallback(() => ask(latest.current), [ask]);
  return { state, loadMore };
}

/**
 * The list's end: a sentinel that asks for the next page as it scrolls into view, and
 * «Показать ещё» for whoever does not scroll (a keyboard, a screen reader, a browser without
 * IntersectionObserver); a failed page's error with «Повторить» in its place.
 */
export function PagedListEnd({
  state,
  onMore,
  className,
  failedTitle,
  loadingText,
  skeletonHeight,
}: {
  state: Pick<PagedListState<unknown>, 'phase' | 'error'>;
  onMore: () => void;
  className: string;
  /** «Не удалось загрузить следующие заказы». */
  failedTitle: string;
  /** «Загружаем ещё заказы…», said to screen readers. */
  loadingText: string;
  skeletonHeight: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const canAsk = state.phase === 'more';

  useEffect(() => {
    const element = sentinel.current;
    if (!canAsk || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canAsk, onMore]);

  if (state.phase === 'failed') {
    return (
      <div className={className}>
        <LoadError title={failedTitle} message={state.error ?? REQUEST_FAILED_MESSAGE} onRetry={onMore} />
      </div>
    );
  }
  if (state.phase === 'loading') {
    return (
      <div className={className}>
        <span className="visually-hidden" role="status">
          {loadingText}
        </span>
        <Skeleton height={skeletonHeight} />
      </div>
    );
  }
  if (state.phase === 'end') return null;
  return (
    <div className={className} ref={sentinel}>
      <Button variant="secondary" block onClick={onMore}>
        Показать ещё
      </Button>
    </div>
  );
}
