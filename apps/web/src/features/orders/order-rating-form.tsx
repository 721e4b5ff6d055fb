import { useId, useMemo, useRef, useState } from 'react';
import { MAX_RATING_PHOTOS, type OrderView, RATING_COMMENT_MAX_LENGTH } from '@chain/contract';
import { ERROR_TITLE, SOMETHING_WENT_WRONG_MESSAGE } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { showDialog } from '../../state/store';
import { Button } from '../../ui/button';
import { addRating, type RatingSession } from '../../api/ratings';
import { COMMENT_LABEL, ORDER_SCORES, ORDER_STARS_LABEL } from '../../ui/rating-view';
import {
  type DishScores,
  initialDraft,
  ORDER_TARGET,
  ratableDishes,
  type RatingDraft,
  ratingRequests,
  showsCategory,
  withRatings,
} from './rating-model';
import { TextArea } from '../../ui/input';
import { DishScoresInput } from './dish-scores-input';
import { CategorySelect } from './rating-category-select';
import { PhotoPicker } from './rating-photo-picker';
import { StarRating } from './star-rating';
import { useRatingTypes } from './use-rating-types';
import './order-rating.css';

/** The server's refusal of a rating already left: that part is done, the rest may still go. */
const ALREADY_RATED = 'already_rated';

/** The failure of a rating in SPEC 8's words, or the server's own readable refusal (a photo, too many at once). */
export function ratingFailureMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.kind === 'server' &&
    error.status !== null &&
    error.status < 500 &&
    error.message !== REQUEST_FAILED_MESSAGE
  ) {
    return error.message;
  }
  return SOMETHING_WENT_WRONG_MESSAGE;
}

/**
 * SPEC 4, 5: the rating of a paid order not rated yet. Stars 1..5 (default 5), taste,
 * freshness, speed and quality, a comment, up to 3 photos (made smaller first), each dish's
 * taste, freshness and speed, and the low-rating category while the stars or a dish's score are
 * below 5. Sending: the order rating, then each dish's; a failure is SPEC 8's «Ошибка» / «Что-то
 * пошло не так» and what was sent stays sent (a retry sends the rest). An order rated before
 * (its dishes cut short by a failure or a reload) gets the form of its dishes still unrated
 * only. `onRated` gets the order with its ratings in place.
 */
export function OrderRatingForm({
  order,
  session,
  onRated,
}: {
  order: OrderView;
  session: RatingSession;
  onRated: (order: OrderView) => void;
}) {
  const dishes = useMemo(() => ratableDishes(order), [order]);
  // Rated before this form: only its dishes are left to rate.
  const [dishesOnly] = useState(() => order.rate !== null);
  const [draft, setDraft] = useState<RatingDraft>(() => initialDraft(dishes));
  const [sending, setSending] = useState(false);
  // Photos still being made smaller: sending now would leave them out (and lose them).
  const [preparingPhotos, setPreparingPhotos] = useState(false);
  const sent = useRef(new Set<string>(dishesOnly ? [ORDER_TARGET] : []));
  // The parts a failed send got through: they are stored as they were, so their controls stop changing.
  const [locked, setLocked] = useState<ReadonlySet<string>>(() => new Set());
  const orderLocked = !dishesOnly && locked.has(ORDER_TARGET);
  const category = showsCategory(draft);
  const types = useRatingTypes(session, true);
  const headingId = useId();

  const update = (change: Partial<RatingDraft>) => setDraft((current) => ({ ...current, ...change }));
  const updateDish = (key: string, change: Partial<DishScores>) =>
    setDraft((current) => {
      const scores = current.dishes[key];
      return scores ? { ...current, dishes: { ...current.dishes, [key]: { ...scores, ...change } } } : current;
    });

  const send = async () => {
    if (sending || preparingPhotos) return;
    setSending(true);
    try {
      for (const request of ratingRequests(order.id, dishes, draft)) {
        if (sent.current.has(request.target)) continue;
        try {
          await addRating(session, request.fields);
        } catch (error) {
          if (!(error instanceof ApiError && error.code === ALREADY_RATED)) throw error;
        }
        sent.current.add(request.target);
      }
    } catch (error) {
      setSending(false);
      setLocked(new Set(sent.current));
      await showDialog({ title: ERROR_TITLE, message: ratingFailureMessage(error) });
      return;
    }
    onRated(withRatings(order, dishes, draft, new Date().toISOString()));
  };

  return (
    <section className="order-rating" aria-labelledby={headingId}>
      <h2 id={headingId} className="order-detail__heading">
        {dishesOnly ? 'Оцените блюда' : 'Оцените заказ'}
      </h2>
      <form
        className="order-rating__form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {orderLocked ? (
          <p className="order-rating__note" role="status">
            Оценка заказа уже сохранена. Осталось отправить оценки блюд.
          </p>
        ) : null}
        {dishesOnly ? null : (
          <>
            <StarRating
              label={ORDER_STARS_LABEL}
              value={draft.stars}
              onChange={(stars) => update({ stars })}
              large
              disabled={orderLocked}
            />
            <div className="order-rating__scores">
              {ORDER_SCORES.map(({ key, label }) => (
                <StarRating
                  key={key}
                  label={label}
                  value={draft.scores[key]}
                  onChange={(value) => update({ scores: { ...draft.scores, [key]: value } })}
                  disabled={orderLocked}
                />
              ))}
            </div>
          </>
        )}

        {dishes.length > 0 ? (
          <div className="order-rating__dishes">
            {dishesOnly ? null : <h3 className="order-rating__subheading">Блюда</h3>}
            {dishes.map((dish) => (
              <DishScoresInput
                key={dish.key}
                dish={dish}
                scores={draft.dishes[dish.key]}
                comment={draft.dishComments[dish.key] ?? ''}
                disabled={locked.has(dish.key)}
                onChange={(change) => updateDish(dish.key, change)}
                onComment={(comment) =>
                  setDraft((current) => ({
                    ...current,
                    dishComments: { ...current.dishComments, [dish.key]: comment },
                  }))
                }
              />
            ))}
          </div>
        ) : null}

        {category ? (
          <CategorySelect
            types={types.state}
            value={draft.type}
            disabled={orderLocked}
            onChange={(type) => update({ type })}
            onRetry={types.retry}
          />
        ) : null}

        {dishesOnly ? null : (
          <>
            <TextArea
              label={COMMENT_LABEL}
              inputClassName="order-rating__comment"
              rows={3}
              maxLength={RATING_COMMENT_MAX_LENGTH}
              value={draft.comment}
              disabled={orderLocked}
              onChange={(comment) => update({ comment })}
            />

            <PhotoPicker
              photos={draft.photos}
              onAdd={(added) =>
                setDraft((current) => ({
                  ...current,
                  photos: [...current.photos, ...added].slice(0, MAX_RATING_PHOTOS),
                }))
              }
              onRemove={(index) =>
                setDraft((current) => ({ ...current, photos: current.photos.filter((_, at) => at !== index) }))
              }
              onPreparing={setPreparingPhotos}
              disabled={orderLocked}
            />
          </>
        )}

        <Button type="submit" block busy={sending || preparingPhotos}>
          {sending ? 'Отправляем оценку…' : 'Отправить оценку'}
        </Button>
      </form>
    </section>
  );
}
