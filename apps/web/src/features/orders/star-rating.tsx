import { Star } from 'lucide-react';
import { useId } from 'react';
import { STARS_MAX, STARS_MIN } from '@chain/domain';
import { classNames } from '../../ui/class-names';
import { starLabel } from '../../ui/rating-view';

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
    <div
      className={classNames('star-rating', large && 'star-rating--large')}
      role="radiogroup"
      aria-labelledby={labelId}
    >
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
