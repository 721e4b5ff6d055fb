import type { RestaurantWire } from '@chain/contract';
import { Store } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { useNow } from '../../ui/use-now';
import { noZonesText, restaurantById, restaurantKey, zoneRows } from './about-model';
import { RestaurantInfo, RestaurantSkeleton } from './restaurant-info';
import { RestaurantZonesMap } from './restaurant-zones-map';
import { ZoneTable } from './zone-table';
import './about.css';

const MINUTE = 60_000;

export const RESTAURANT_NOT_FOUND_TITLE = 'Ресторан не найден';

/**
 * SPEC 2 Restaurant info (/about_restoran/{id}, also read as /about/{id}): address, phone,
 * e-mail, schedule, seating, and a map with its delivery zones. An id the list does not have
 * (a closed restaurant, a mistyped link) reads «Ресторан не найден».
 */
export default function AboutRestaurantPage() {
  const { id } = useParams<{ id: string }>();
  const list = useQuery(restaurantListQuery);
  const now = useNow(MINUTE, list.status === 'ready');
  const restaurant = list.status === 'ready' ? restaurantById(list.data, id) : null;
  const title = restaurant?.name ?? (list.status === 'ready' ? RESTAURANT_NOT_FOUND_TITLE : 'О ресторане');

  return (
    <Screen title={title} back busy={list.status === 'loading'}>
      {list.status === 'error' ? (
        <LoadError
          title="Не удалось загрузить ресторан"
          message={list.error.message}
          onRetry={() => restaurantListQuery.refetch()}
        />
      ) : list.status !== 'ready' ? (
        <RestaurantSkeleton />
      ) : restaurant === null ? (
        <EmptyState
          icon={<Store />}
          title={RESTAURANT_NOT_FOUND_TITLE}
          text="Такого ресторана нет в сети или он сейчас не работает. Посмотрите список ресторанов."
          action={
            <LinkButton href="/about" variant="secondary" block>
              Все рестораны
            </LinkButton>
          }
        />
      ) : (
        <RestaurantDetails restaurant={restaurant} list={list.data} now={now} />
      )}
    </Screen>
  );
}

function RestaurantDetails({
  restaurant,
  list,
  now,
}: {
  restaurant: RestaurantWire;
  list: Parameters<typeof zoneRows>[0];
  now: number;
}) {
  const zones = useMemo(() => zoneRows(list, restaurantKey(restaurant)), [list, restaurant]);
  return (
    <div className="about">
      <RestaurantInfo restaurant={restaurant} now={now} titled={false} photoLoading="eager" />
      <section className="restaurant-zones" aria-labelledby="restaurant-zones-title">
        <h2 id="restaurant-zones-title" className="restaurant-zones__title">
          Зоны доставки
        </h2>
        <RestaurantZonesMap restaurant={restaurant} zones={zones} />
        {zones.length > 0 ? (
          <ZoneTable zones={zones} caption="Суммы и часы по зонам" />
        ) : (
          <p className="restaurant-zones__none">{noZonesText(restaurant)}</p>
        )}
      </section>
    </div>
  );
}
