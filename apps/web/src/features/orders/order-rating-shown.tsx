import { useEffect, useId, useRef } from 'react';
import { type OrderView, type RatingTypes } from '@chain/contract';
import {
  CATEGORY_LABEL,
  COMMENT_LABEL,
  ORDER_SCORES,
  PhotosShown,
  RatingFacts,
  scoreRows,
  StarsShown,
} from '../../ui/rating-view';
import { categoryName } from './rating-model';

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
