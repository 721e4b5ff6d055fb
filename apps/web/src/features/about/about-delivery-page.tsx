import { CHAIN_PAGE_SLUGS, type RestaurantListResponse } from '@chain/contract';
import { Truck } from 'lucide-react';
import { useMemo } from 'react';
import { type QueryState, useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { zoneRows, zonesByRestaurant } from './about-model';
import { ChainPageText } from './chain-page-text';
import { chainPageQuery } from './chain-page-query';
import { ZoneTable } from './zone-table';
import './about.css';

/**
 * SPEC 2 Условия доставки (/about_delivery): the chain's delivery terms (its text, decision 024)
 * and under them the zones as they are now, from the restaurant list.
 */
export default function AboutDeliveryPage() {
  const page = useQuery(chainPageQuery, CHAIN_PAGE_SLUGS.delivery);
  const list = useQuery(restaurantListQuery);
  return (
    <Screen title="Условия доставки" menu busy={page.status === 'loading' || list.status === 'loading'}>
      <ChainPageText slug={CHAIN_PAGE_SLUGS.delivery} failedTitle="Не удалось загрузить условия доставки" />
      {/* The zones stand under the text: drawn once the text is in (or failed), they do not move
          down when it arrives (issue 18, CLS 0); the text's skeleton fills the screen till then. */}
      {page.status === 'ready' || page.status === 'error' ? <DeliveryZones list={list} /> : null}
    </Screen>
  );
}

function DeliveryZones({ list }: { list: QueryState<void, RestaurantListResponse> }) {
  return (
    <section className="delivery-zones" aria-labelledby="delivery-zones-title">
      <h2 id="delivery-zones-title" className="delivery-zones__title">
        Зоны доставки
      </h2>
      {list.status === 'error' ? (
        <LoadError
          title="Не удалось загрузить зоны доставки"
          message={list.error.message}
          onRetry={() => restaurantListQuery.refetch()}
        />
      ) : list.status === 'ready' ? (
        <Zones list={list.data} />
      ) : (
        <ZonesSkeleton />
      )}
    </section>
  );
}

function Zones({ list }: { list: RestaurantListResponse }) {
  const groups = useMemo(() => zonesByRestaurant(zoneRows(list)), [list]);
  if (groups.length === 0) {
    return (
      <EmptyState icon={<Truck />} title="Сейчас доставка не работает" text="Закажите самовывоз или загляните позже." />
    );
  }
  return (
    <>
      <p className="delivery-zones__lead">
        Цены и суммы — как в корзине сейчас. Зону вашего адреса покажет карта при выборе адреса.
      </p>
      {groups.map((group) => (
        <div key={group.restaurantId} className="delivery-zones__restaurant" data-restaurant-id={group.restaurantId}>
          <ZoneTable zones={group.zones} caption={group.name} detail={group.address} />
        </div>
      ))}
    </>
  );
}

function ZonesSkeleton() {
  return (
    <div className="delivery-zones__skeleton" aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height="5.5rem" />
      ))}
    </div>
  );
}
