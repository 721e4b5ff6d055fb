import { Star } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { RatingListEntry } from '@chain/contract';
import { REQUEST_FAILED_MESSAGE } from '../../api/client';
import { routePath } from '../../state/navigation';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { type PageLoader, PagedListEnd, type PagedListState, usePagedList } from '../../ui/paged-list';
import { Screen } from '../../ui/screen';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Skeleton } from '../../ui/skeleton';
import { loadRatingPage, RATING_PAGE_SIZE, type RatingSession } from '../../api/ratings';
import {
  CATEGORY_LABEL,
  COMMENT_LABEL,
  ITEM_SCORES,
  ORDER_SCORES,
  PhotosShown,
  RatingFacts,
  scoreRows,
  StarsShown,
} from '../../ui/rating-view';
import { useGuestSession } from '../../state/guest-session';
import './rate-list-page.css';

/** rate/list pages are full until the last: a short page ends the list. */
const isLastRatingPage = (page: readonly RatingListEntry[]): boolean => page.length < RATING_PAGE_SIZE;

/**
 * SPEC 2: Мои оценки (/rate_list), the signed-in guest's ratings, newest first: the order's
 * number (a link to it), restaurant, the dish of an item rating, stars or scores, category,
 * comment and photos; the next page asked when the list's end scrolls into view (or «Показать
 * ещё» is pressed).
 */
export default function RateListPage() {
  // The signed-in guest's id and token (a kiosk has no ratings of its own).
  const session = useGuestSession();
  const { state, loadMore } = useRatingPages(session);
  const first = state.items.length === 0;

  return (
    <Screen title="Мои оценки" menu busy={session !== null && first && state.phase === 'loading'}>
      {session === null ? (
        <SignInPrompt topic="ratings" />
      ) : first && state.phase === 'failed' ? (
        <LoadError
          title="Не удалось загрузить оценки"
          message={state.error ?? REQUEST_FAILED_MESSAGE}
          onRetry={loadMore}
        />
      ) : first && state.phase === 'loading' ? (
        <RatingListSkeleton />
      ) : first && state.phase === 'end' ? (
        <EmptyState
          icon={<Star />}
          title="Оценок пока нет"
          text="Оцените оплаченный заказ на его странице — оценка появится здесь."
          action={
            <LinkButton href="/order_list" block>
              Мои заказы
            </LinkButton>
          }
        />
      ) : (
        <>
          <ul className="rating-list" aria-label="Оценки">
            {state.items.map((rating) => (
              <li key={rating.id}>
                <RatingCard rating={rating} />
              </li>
            ))}
          </ul>
          <PagedListEnd
            state={state}
            onMore={loadMore}
            className="rate-list__end"
            failedTitle="Не удалось загрузить следующие оценки"
            loadingText="Загружаем ещё оценки…"
            skeletonHeight="8rem"
          />
        </>
      )}
    </Screen>
  );
}

/** The guest's ratings a page at a time, none after a short page. */
function useRatingPages(session: RatingSession | null): {
  state: PagedListState<RatingListEntry>;
  loadMore: () => void;
} {
  const load = useMemo<PageLoader<RatingListEntry> | null>(
    () => (session === null ? null : (offset, options) => loadRatingPage(session, offset, options)),
    [session],
  );
  return usePagedList(load, isLastRatingPage);
}

/** One rating: what it rates, when, its stars or scores, category, comment and photos. */
function RatingCard({ rating }: { rating: RatingListEntry }) {
  const scores = rating.kind === 'order' ? scoreRows(ORDER_SCORES, rating) : scoreRows(ITEM_SCORES, rating);
  return (
    <article className="rating-card" aria-label={ratingCardLabel(rating)}>
      <p className="rating-card__head">
        <Link href={routePath('orderDetail', { id: rating.order_id })} className="rating-card__order">
          Заказ {rating.znumber}
        </Link>
        <span className="rating-card__time">{rating.time_text}</span>
      </p>
      <p className="rating-card__place">{rating.restoran}</p>
      {rating.kind === 'item' ? <p className="rating-card__dish">{rating.item_name ?? ''}</p> : null}
      {rating.stars !== null ? <StarsShown value={rating.stars} /> : null}
      <RatingFacts
        rows={[
          ...scores,
          ...(rating.type_name ? [{ label: CATEGORY_LABEL, value: rating.type_name }] : []),
          ...(rating.comment.trim() !== '' ? [{ label: COMMENT_LABEL, value: rating.comment }] : []),
        ]}
      />
      <PhotosShown photos={rating.photos} />
    </article>
  );
}

/** The card's name: «Оценка заказа К-001» or «Оценка блюда Борщ, заказ К-001». */
export function ratingCardLabel(rating: Pick<RatingListEntry, 'kind' | 'znumber' | 'item_name'>): string {
  return rating.kind === 'item'
    ? `Оценка блюда ${rating.item_name ?? ''}, заказ ${rating.znumber}`
    : `Оценка заказа ${rating.znumber}`;
}

function RatingListSkeleton() {
  return (
    <div className="rating-list">
      <span className="visually-hidden" role="status">
        Загружаем оценки…
      </span>
      <Skeleton height="8rem" />
      <Skeleton height="8rem" />
      <Skeleton height="8rem" />
    </div>
  );
}
