import { Star } from 'lucide-react';
import { russianPlural, STARS_MAX } from '@chain/domain';
import './rating-view.css';

/*
 * How a rating reads (SPEC 3 Order rating, Item rating): the names of its scores, the stars as
 * given, its facts and photos. The order page and «Мои оценки» both show ratings with these.
 */

/** The order's scores besides its stars, with their names (SPEC 3 Order rating). */
export const ORDER_SCORES = [
  { key: 'rate_taste', label: 'Вкус' },
  { key: 'rate_fresh', label: 'Свежесть' },
  { key: 'rate_speed', label: 'Скорость' },
  { key: 'rate_quality', label: 'Качество' },
] as const;
export type OrderScoreKey = (typeof ORDER_SCORES)[number]['key'];

/** A dish's scores (SPEC 3 Item rating). */
export const ITEM_SCORES = [
  { key: 'taste', label: 'Вкус' },
  { key: 'fresh', label: 'Свежесть' },
  { key: 'speed', label: 'Скорость' },
] as const;
export type ItemScoreKey = (typeof ITEM_SCORES)[number]['key'];

export const ORDER_STARS_LABEL = 'Оценка заказа';
export const CATEGORY_LABEL = 'Что не понравилось';
export const COMMENT_LABEL = 'Комментарий';
export const DISH_COMMENT_LABEL = 'Комментарий к блюду';

/** «1 звезда из 5», «3 звезды из 5», «5 звёзд из 5»: a star's name for screen readers. */
export function starLabel(value: number, max = STARS_MAX): string {
  return `${value} ${russianPlural(value, ['звезда', 'звезды', 'звёзд'])} из ${max}`;
}

/** A score as it reads: «4 из 5». */
export function scoreText(value: number): string {
  return `${value} из ${STARS_MAX}`;
}

/** The given scores of a rating as label/value rows, unset ones left out. */
export function scoreRows<K extends string>(
  scores: ReadonlyArray<{ readonly key: K; readonly label: string }>,
  rating: Readonly<Record<K, number | null>>,
): Array<{ label: string; value: string }> {
  return scores.flatMap(({ key, label }) => {
    const value = rating[key];
    return value === null ? [] : [{ label, value: scoreText(value) }];
  });
}

/** The order's stars as they read once given: five icons (decoration) and «Оценка заказа: 4 из 5». */
export function StarsShown({ value, className }: { value: number; className?: string }) {
  return (
    <p className={className ? `stars-shown ${className}` : 'stars-shown'}>
      <span className="visually-hidden">{ORDER_STARS_LABEL}: </span>
      <span className="stars-shown__icons" aria-hidden="true">
        {Array.from({ length: STARS_MAX }, (_, index) => (
          <Star key={index} className={index < value ? 'stars-shown__on' : 'stars-shown__off'} />
        ))}
      </span>
      <span>{scoreText(value)}</span>
    </p>
  );
}

/** A rating's facts: «Вкус: 5 из 5», «Что не понравилось: …», «Комментарий: …». */
export function RatingFacts({ rows }: { rows: ReadonlyArray<{ label: string; value: string }> }) {
  if (rows.length === 0) return null;
  return (
    <dl className="rating-facts">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Photos of a rating: each signed link opens full size in a new tab; a photo just sent (a data URL) shows as it is. */
export function PhotosShown({ photos }: { photos: readonly string[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="rating-photos" aria-label="Фото к оценке">
      {photos.map((photo, index) => (
        <li key={`${index}-${photo.slice(-24)}`} className="rating-photos__item">
          {photo.startsWith('data:') ? (
            <img src={photo} alt={`Фото ${index + 1}`} className="rating-photos__image" />
          ) : (
            <a href={photo} target="_blank" rel="noopener noreferrer" className="rating-photos__link">
              <img
                src={photo}
                alt={`Фото ${index + 1} (откроется в новой вкладке)`}
                className="rating-photos__image"
                loading="lazy"
              />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
