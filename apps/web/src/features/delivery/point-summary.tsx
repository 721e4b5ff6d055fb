import { restaurantClosedText } from '@chain/contract';
import { OUTSIDE_DELIVERY_ZONE_MESSAGE } from '@chain/domain';
import { Clock } from 'lucide-react';
import { useNow } from '../../ui/use-now';
import { type ChosenPoint, NO_POINT_MESSAGE } from './delivery-map-model';

/**
 * What the address map says of the chosen point (SPEC 2 Адрес доставки): its address, the
 * restaurant and zone that deliver there — with the manager's «Закрыто до …» while that restaurant
 * is closed for now (issue 31, the contract's restaurantClosedText, as the pickup list shows it) —
 * or SPEC 8's 'По данному адресу доставка невозможна'.
 */
export function PointSummary({ chosen }: { chosen: ChosenPoint | null }) {
  const now = useNow(60_000);
  if (chosen === null) {
    return (
      <p className="delivery-to__hint" role="status">
        {NO_POINT_MESSAGE}
      </p>
    );
  }
  const { lookup, courier } = chosen;
  const closedText = courier ? restaurantClosedText(courier.restaurant, now) : null;
  return (
    <div className="delivery-to__summary" role="status">
      <p className="delivery-to__address">
        {lookup.status === 'loading'
          ? 'Определяем адрес…'
          : lookup.status === 'found'
            ? lookup.address.title
            : lookup.status === 'none'
              ? 'Адрес не найден'
              : lookup.message}
      </p>
      {lookup.status === 'found' ? <p className="delivery-to__subtitle">{lookup.address.subtitle}</p> : null}
      {courier ? (
        <>
          <p className="delivery-to__zone">
            Доставит {courier.restaurant.name}, зона «{courier.zone.name}»
          </p>
          {closedText ? (
            <p className="delivery-to__closed">
              <Clock aria-hidden="true" />
              <span>{closedText}</span>
            </p>
          ) : null}
        </>
      ) : (
        <p className="delivery-to__outside">{OUTSIDE_DELIVERY_ZONE_MESSAGE}</p>
      )}
    </div>
  );
}
