import { CHAIN_PAGE_SLUGS, type RestaurantListResponse } from '@chain/contract';
import { Store } from 'lucide-react';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { routePath } from '../../state/navigation';
import { useCartState } from '../../state/store';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { RestaurantCard } from '../../ui/restaurant-card';
import { Screen } from '../../ui/screen';
import { useNow } from '../../ui/use-now';
import { currentRestaurant, openState, restaurantKey } from './about-model';
import { ChainPageText } from './chain-page-text';
import { chainPageQuery } from './chain-page-query';
import { RestaurantInfo, RestaurantSkeleton } from './restaurant-info';
import './about.css';

const MINUTE = 60_000;

/**
 * SPEC 2 О кафе (/about): the chain's own words (its «О сети» text, decision 024), then the
 * restaurant the guest orders from for delivery or self-pickup; without one, every restaurant,
 * each leading to its page.
 */
export default function AboutPage() {
  const page = useQuery(chainPageQuery, CHAIN_PAGE_SLUGS.about);
  const list = useQuery(restaurantListQuery);
  const orderType = useCartState((state) => state.orderType);
  const chosen = useCartState((state) => state.restaurant);
  // The open-now state follows the clock while the screen stays open.
  const now = useNow(MINUTE, list.status === 'ready');

  return (
    <Screen title="О кафе" menu busy={page.status === 'loading' || list.status === 'loading'}>
      <div className="about">
        <ChainPageText slug={CHAIN_PAGE_SLUGS.about} titled failedTitle="Не удалось загрузить рассказ о сети" />
        {list.status === 'error' ? (
          <LoadError
            title="Не удалось загрузить рестораны"
            message={list.error.message}
            onRetry={() => restaurantListQuery.refetch()}
          />
        ) : list.status === 'ready' ? (
          <Restaurants list={list.data} current={currentRestaurant(list.data, orderType, chosen)} now={now} />
        ) : (
          <RestaurantSkeleton />
        )}
      </div>
    </Screen>
  );
}

function Restaurants({
  list,
  current,
  now,
}: {
  list: RestaurantListResponse;
  current: ReturnType<typeof currentRestaurant>;
  now: number;
}) {
  if (current) return <RestaurantInfo restaurant={current} now={now} detailsLink />;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<Store />}
        title="Рестораны скоро откроются"
        text="Сейчас ни один ресторан сети не работает."
        action={
          <LinkButton href="/" variant="secondary" block>
            На главную
          </LinkButton>
        }
      />
    );
  }
  return (
    <section className="about-restaurants" aria-labelledby="about-restaurants-title">
      <h2 id="about-restaurants-title" className="about-restaurants__title">
        Наши рестораны
      </h2>
      <ul className="restaurant-list">
        {list.map((restaurant) => {
          const state = openState(restaurant, now);
          return (
            <li key={restaurant.id}>
              <RestaurantCard
                href={routePath('aboutRestoran', { id: restaurantKey(restaurant) })}
                name={restaurant.name}
                address={restaurant.address}
                favourite={false}
              >
                <span
                  className={
                    state.open ? 'about-restaurants__state about-restaurants__state--open' : 'about-restaurants__state'
                  }
                >
                  {state.text}
                </span>
              </RestaurantCard>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
