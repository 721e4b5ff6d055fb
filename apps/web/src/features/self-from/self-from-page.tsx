import { Clock, Gauge, Store, Wine } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { cartStore, showDialog, useCartState, useGuestState } from '../../state/store';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { MenuPhoto } from '../../ui/menu-photo';
import { RestaurantCard } from '../../ui/restaurant-card';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { useNow } from '../../ui/use-now';
import { type PickupRestaurant, selfPickupRestaurants } from './self-pickup-list';
import type { PhotoSlot } from '@chain/domain';
import './self-from-page.css';

const MINUTE = 60_000;

/** A card's photo: the card's whole width (the column's, less its border), 8rem tall (ui/restaurant-card.css). */
const CARD_PHOTO: PhotoSlot = { kind: 'column', aspect: 5 / 2 };

/** SPEC 2 Self-pickup (/self_from): where the guest will collect the order. */
export default function SelfFromPage() {
  const list = useQuery(restaurantListQuery);
  const favourites = useGuestState((state) => state.favoriteRestaurants);
  // 'Отсканировать позже' (SPEC 2 Home) lists the restaurants taking table orders.
  const orderType = useCartState((state) => (state.orderType === 'inrest' ? 'inrest' : 'self'));
  // The open-now markers follow the clock while the screen stays open.
  const now = useNow(MINUTE, list.status === 'ready');

  return (
    <Screen
      title={orderType === 'inrest' ? 'Заказ в ресторане' : 'Самовывоз'}
      back="/"
      busy={list.status === 'loading'}
    >
      {list.status === 'loading' ? (
        <ListSkeleton />
      ) : list.status === 'error' ? (
        <LoadError
          title="Не удалось загрузить рестораны"
          message={list.error.message}
          onRetry={() => restaurantListQuery.refetch()}
        />
      ) : (
        <RestaurantList orderType={orderType} rows={selfPickupRestaurants(list.data, favourites, now, orderType)} />
      )}
    </Screen>
  );
}

function RestaurantList({ rows, orderType }: { rows: PickupRestaurant[]; orderType: 'self' | 'inrest' }) {
  const inrest = orderType === 'inrest';
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<Store />}
        title={inrest ? 'Заказ в ресторане сейчас недоступен' : 'Самовывоз сейчас недоступен'}
        text={
          inrest
            ? 'Ни один ресторан сейчас не принимает заказы к столу. Закажите самовывоз или доставку.'
            : 'Ни один ресторан сейчас не выдаёт заказы с собой. Закажите доставку или загляните позже.'
        }
        action={
          <LinkButton href="/" variant="secondary" block>
            На главную
          </LinkButton>
        }
      />
    );
  }
  return (
    <>
      <p className="self-from__lead">
        {inrest ? 'Выберите ресторан — номер стола укажете в корзине' : 'Выберите ресторан, где заберёте заказ'}
      </p>
      <ul className="restaurant-list" aria-label={inrest ? 'Рестораны для заказа к столу' : 'Рестораны для самовывоза'}>
        {rows.map((row, index) => (
          <li key={row.id}>
            {/* The first card's photo is on the first screen (decision 034: eager there, lazy below). */}
            <PickupCard row={row} orderType={orderType} photoLoading={index === 0 ? 'eager' : 'lazy'} />
          </li>
        ))}
      </ul>
    </>
  );
}

function PickupCard({
  row,
  orderType,
  photoLoading,
}: {
  row: PickupRestaurant;
  orderType: 'self' | 'inrest';
  photoLoading: 'eager' | 'lazy';
}) {
  const [, navigate] = useLocation();
  const href = `/menu/${encodeURIComponent(row.id)}/${orderType}`;

  const choose = () => {
    const state = cartStore.getState();
    state.setRestaurant({ id: row.id, name: row.name, nameShort: row.nameShort });
    state.setOrderType(orderType);
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const state = cartStore.getState();
    const switching = state.cart.length > 0 && state.restaurant !== null && state.restaurant.id !== row.id;
    if (!switching) {
      choose();
      return;
    }
    // SPEC 4: changing the restaurant empties the cart: the guest decides before it happens.
    event.preventDefault();
    void showDialog({
      title: 'Сменить ресторан?',
      message: 'В корзине блюда из другого ресторана. При смене ресторана корзина очистится.',
      items: [
        { label: 'Сменить', variant: 'primary' },
        { label: 'Отмена', variant: 'secondary' },
      ],
    }).then((choice) => {
      if (choice?.label !== 'Сменить') return;
      choose();
      navigate(href);
    });
  };

  return (
    <RestaurantCard
      href={href}
      name={row.name}
      address={row.address}
      favourite={row.favourite}
      onClick={onClick}
      // Decorative: the card names the restaurant right under it.
      photo={
        row.img ? (
          <MenuPhoto
            src={row.img}
            alt=""
            className="restaurant-card__photo"
            width={640}
            height={256}
            slot={CARD_PHOTO}
            loading={photoLoading}
          />
        ) : null
      }
    >
      <span className="self-from__badges">
        <span
          className={row.open ? 'self-from__badge self-from__badge--open' : 'self-from__badge self-from__badge--closed'}
        >
          <Clock aria-hidden="true" />
          <span>{row.hours}</span>
        </span>
        {row.winecard ? (
          <span className="self-from__badge self-from__badge--wine">
            <Wine aria-hidden="true" />
            <span>Винная карта</span>
          </span>
        ) : null}
      </span>
      {row.congestion ? (
        <span className="restaurant-card__line">
          <Gauge aria-hidden="true" />
          <span>{row.congestion}</span>
        </span>
      ) : null}
    </RestaurantCard>
  );
}

function ListSkeleton() {
  return (
    <>
      <span className="visually-hidden" role="status">
        Загружаем рестораны…
      </span>
      <Skeleton shape="text" width="70%" className="self-from__lead-skeleton" />
      <div className="restaurant-list" aria-hidden="true">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="restaurant-card restaurant-card--skeleton">
            <Skeleton shape="text" width="75%" height="1.25rem" />
            <Skeleton shape="text" width="90%" />
            <span className="self-from__badges">
              <Skeleton width="7.5rem" height="1.75rem" />
              <Skeleton width="6.5rem" height="1.75rem" />
            </span>
          </div>
        ))}
      </div>
    </>
  );
}
