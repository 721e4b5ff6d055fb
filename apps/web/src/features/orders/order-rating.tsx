import { ImagePlus, Star, X } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { MAX_RATING_PHOTOS, type OrderView, RATING_COMMENT_MAX_LENGTH, type RatingTypes } from '@chain/contract';
import { ACCEPTED_PHOTO_TYPES, ERROR_TITLE, SOMETHING_WENT_WRONG_MESSAGE, STARS_MAX, STARS_MIN } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { showDialog } from '../../state/store';
import { Button, buttonClassName } from '../../ui/button';
import { classNames } from '../../ui/class-names';
import { addRating, loadRatingTypes, type RatingSession } from '../../api/ratings';
import { PhotoRefused, PHOTO_UNREADABLE_MESSAGE, preparePhoto } from './photo-resize';
import {
  CATEGORY_LABEL,
  COMMENT_LABEL,
  DISH_COMMENT_LABEL,
  ITEM_SCORES,
  ORDER_SCORES,
  ORDER_STARS_LABEL,
  PhotosShown,
  RatingFacts,
  scoreRows,
  StarsShown,
  starLabel,
} from '../../ui/rating-view';
import {
  categoryGroups,
  categoryName,
  type DishScores,
  initialDraft,
  ORDER_TARGET,
  type RatableDish,
  ratableDishes,
  type RatingDraft,
  ratingRequests,
  showsCategory,
  withRatings,
} from './rating-model';
import { TextArea } from '../../ui/input';
import './order-rating.css';

/** The picker offers the types the domain accepts (SPEC 5: jpeg, png, gif), one list for both. */
const ACCEPT = ACCEPTED_PHOTO_TYPES.join(',');

/** The server's refusal of a rating already left: that part is done, the rest may still go. */
const ALREADY_RATED = 'already_rated';

/** The failure of a rating in SPEC 8's words, or the server's own readable refusal (a photo, too many at once). */
export function ratingFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'server' && error.status !== null && error.status < 500 && error.message !== REQUEST_FAILED_MESSAGE) {
    return error.message;
  }
  return SOMETHING_WENT_WRONG_MESSAGE;
}

// ---------------------------------------------------------------------------------------------
// Stars

/**
 * A score 1..5 as a radio group of stars (SPEC 5): each star a 44 px radio named «N звёзд из 5»
 * for screen readers; the stars up to the chosen one are filled.
 */
export function StarRating({
  label,
  value,
  onChange,
  large = false,
  disabled = false,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  large?: boolean;
  /** Already sent: shown, no longer changed. */
  disabled?: boolean;
}) {
  const name = useId();
  const labelId = `${name}-label`;
  const values = Array.from({ length: STARS_MAX - STARS_MIN + 1 }, (_, index) => STARS_MIN + index);
  return (
    <div className={classNames('star-rating', large && 'star-rating--large')} role="radiogroup" aria-labelledby={labelId}>
      <span id={labelId} className="star-rating__label">
        {label}
      </span>
      <span className="star-rating__stars">
        {values.map((star) => (
          <label key={star} className={classNames('star-rating__star', star <= value && 'star-rating__star--on')}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={star}
              checked={value === star}
              disabled={disabled}
              onChange={() => onChange(star)}
            />
            <Star aria-hidden="true" />
            <span className="visually-hidden">{starLabel(star)}</span>
          </label>
        ))}
      </span>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The low-rating categories (rateGetTypes)

type TypesState = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly types: RatingTypes } | { readonly kind: 'failed' };

/** The categories, asked once when `needed` (again on retry); null until they come. */
export function useRatingTypes(session: RatingSession, needed: boolean): { state: TypesState; retry: () => void } {
  const [state, setState] = useState<TypesState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    loadRatingTypes(session, { signal: controller.signal }).then(
      (types) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', types });
      },
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [session, needed, attempt]);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}

function CategorySelect({
  types,
  value,
  disabled,
  onChange,
  onRetry,
}: {
  types: TypesState;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onRetry: () => void;
}) {
  const id = useId();
  if (types.kind === 'failed') {
    return (
      <div className="order-rating__category-failed" role="alert">
        <p>Не удалось загрузить категории оценки.</p>
        <Button variant="secondary" onClick={onRetry}>
          Повторить
        </Button>
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {CATEGORY_LABEL}?
      </label>
      <select id={id} className="field__input" value={value} disabled={disabled || types.kind === 'loading'} onChange={(event) => onChange(event.target.value)}>
        <option value="">{types.kind === 'loading' ? 'Загружаем категории…' : 'Выберите категорию'}</option>
        {types.kind === 'ready'
          ? categoryGroups(types.types).map((group) => (
              <optgroup key={group.id} label={group.name}>
                {group.items.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.name}
                  </option>
                ))}
              </optgroup>
            ))
          : null}
      </select>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Photos

interface PhotosState {
  readonly preparing: boolean;
  readonly error: string | null;
}

function PhotoPicker({
  photos,
  onAdd,
  onRemove,
  onPreparing,
  disabled,
}: {
  photos: readonly string[];
  onAdd: (photos: string[]) => void;
  onRemove: (index: number) => void;
  /** Photos are being made smaller (true) or are ready (false): the form waits for them before sending. */
  onPreparing: (preparing: boolean) => void;
  /** Already sent with the order rating: shown, no longer changed. */
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [state, setState] = useState<PhotosState>({ preparing: false, error: null });
  // A removed photo takes its «Убрать» button with it: the focus goes to «Добавить фото».
  const fileInput = useRef<HTMLInputElement>(null);
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!focusAdd.current) return;
    focusAdd.current = false;
    fileInput.current?.focus();
  }, [photos.length]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    // The input is off while photos are being prepared, so the count cannot change meanwhile.
    const room = MAX_RATING_PHOTOS - photos.length;
    setState({ preparing: true, error: null });
    onPreparing(true);
    const ready: string[] = [];
    let error: string | null = files.length > room ? `Можно приложить не больше ${MAX_RATING_PHOTOS} фото.` : null;
    for (const file of files.slice(0, Math.max(room, 0))) {
      try {
        ready.push((await preparePhoto(file)).dataUrl);
      } catch (cause) {
        error = cause instanceof PhotoRefused ? cause.message : PHOTO_UNREADABLE_MESSAGE;
      }
    }
    onAdd(ready);
    setState({ preparing: false, error });
    onPreparing(false);
  };

  return (
    <div className="order-rating__photos">
      <span className="field__label">Фото</span>
      {photos.length > 0 ? (
        <ul className="rating-photos" aria-label="Выбранные фото">
          {photos.map((photo, index) => (
            <li key={`${index}-${photo.length}`} className="rating-photos__item">
              <img src={photo} alt={`Фото ${index + 1}`} className="rating-photos__image" />
              <button
                type="button"
                className="rating-photos__remove"
                aria-label={`Убрать фото ${index + 1}`}
                disabled={disabled}
                onClick={() => {
                  focusAdd.current = true;
                  onRemove(index);
                }}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < MAX_RATING_PHOTOS && !disabled ? (
        <label className={buttonClassName({ variant: 'secondary', block: true }, 'order-rating__add-photo')}>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            className="visually-hidden"
            aria-describedby={hintId}
            disabled={state.preparing}
            onChange={(event) => void choose(event)}
          />
          <span className="button__icon">
            <ImagePlus aria-hidden="true" />
          </span>
          <span className="button__label">{state.preparing ? 'Уменьшаем фото…' : 'Добавить фото'}</span>
        </label>
      ) : null}
      <p id={hintId} className="field__hint">
        JPEG, PNG или GIF, до {MAX_RATING_PHOTOS} фото. Большие фото уменьшаются перед отправкой.
      </p>
      <p className="visually-hidden" role="status">
        {state.preparing ? 'Уменьшаем фото…' : ''}
      </p>
      {state.error ? (
        <p className="field__error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The form

/**
 * SPEC 4, 5: the rating of a paid order not rated yet. Stars 1..5 (default 5), taste,
 * freshness, speed and quality, a comment, up to 3 photos (made smaller first), each dish's
 * taste, freshness and speed, and the low-rating category while the stars or a dish's score are
 * below 5. Sending: the order rating, then each dish's; a failure is SPEC 8's «Ошибка» / «Что-то
 * пошло не так» and what was sent stays sent (a retry sends the rest). An order rated before
 * (its dishes cut short by a failure or a reload) gets the form of its dishes still unrated
 * only. `onRated` gets the order with its ratings in place.
 */
export function OrderRatingForm({ order, session, onRated }: { order: OrderView; session: RatingSession; onRated: (order: OrderView) => void }) {
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
            <StarRating label={ORDER_STARS_LABEL} value={draft.stars} onChange={(stars) => update({ stars })} large disabled={orderLocked} />
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
                onComment={(comment) => setDraft((current) => ({ ...current, dishComments: { ...current.dishComments, [dish.key]: comment } }))}
              />
            ))}
          </div>
        ) : null}

        {category ? <CategorySelect types={types.state} value={draft.type} disabled={orderLocked} onChange={(type) => update({ type })} onRetry={types.retry} /> : null}

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
              onAdd={(added) => setDraft((current) => ({ ...current, photos: [...current.photos, ...added].slice(0, MAX_RATING_PHOTOS) }))}
              onRemove={(index) => setDraft((current) => ({ ...current, photos: current.photos.filter((_, at) => at !== index) }))}
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

function DishScoresInput({
  dish,
  scores,
  comment,
  disabled,
  onChange,
  onComment,
}: {
  dish: RatableDish;
  scores: DishScores | undefined;
  comment: string;
  disabled: boolean;
  onChange: (change: Partial<DishScores>) => void;
  onComment: (comment: string) => void;
}) {
  const nameId = useId();
  if (!scores) return null;
  return (
    <div className="order-rating__dish" role="group" aria-labelledby={nameId}>
      <p id={nameId} className="order-rating__dish-name">
        {dish.name}
      </p>
      {ITEM_SCORES.map(({ key, label }) => (
        <StarRating key={key} label={label} value={scores[key]} onChange={(value) => onChange({ [key]: value })} disabled={disabled} />
      ))}
      <TextArea
        label={DISH_COMMENT_LABEL}
        inputClassName="order-rating__dish-comment"
        describedBy={nameId}
        rows={2}
        maxLength={RATING_COMMENT_MAX_LENGTH}
        value={comment}
        disabled={disabled}
        onChange={onComment}
      />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Read-only

/** The order rating as left: stars, scores, category, comment, photos (signed links). */
export function OrderRatingShown({
  rate,
  types,
  focus = false,
}: {
  rate: NonNullable<OrderView['rate']>;
  types: RatingTypes | null;
  /** Take the focus on mount (the form just sent is gone, with the focus it had). */
  focus?: boolean;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const category = categoryName(types, rate.type);
  return (
    <section className="order-rating order-rating--shown" aria-labelledby={headingId} data-testid="order-rating">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="order-detail__heading">
        Ваша оценка
      </h2>
      <StarsShown value={rate.stars} className="stars-shown--large" />
      <RatingFacts
        rows={[
          ...scoreRows(ORDER_SCORES, rate),
          ...(category ? [{ label: CATEGORY_LABEL, value: category }] : []),
          ...(rate.comment.trim() !== '' ? [{ label: COMMENT_LABEL, value: rate.comment }] : []),
        ]}
      />
      <PhotosShown photos={rate.photos} />
    </section>
  );
}
