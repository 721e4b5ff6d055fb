import { useId } from 'react';
import { RATING_COMMENT_MAX_LENGTH } from '@chain/contract';
import { DISH_COMMENT_LABEL, ITEM_SCORES } from '../../ui/rating-view';
import { type DishScores, type RatableDish } from './rating-model';
import { TextArea } from '../../ui/input';
import { StarRating } from './star-rating';

/** One dish's taste, freshness and speed (SPEC 5), with its comment. */
export function DishScoresInput({
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
        <StarRating
          key={key}
          label={label}
          value={scores[key]}
          onChange={(value) => onChange({ [key]: value })}
          disabled={disabled}
        />
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
