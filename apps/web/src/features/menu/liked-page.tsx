import { useEffect, useMemo, useRef, useState } from 'react';
import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { cardPhoto, type IsShop, type MenuDish } from '@chain/contract';
import { formatMoney, type PhotoSlot } from '@chain/domain';
import { menuQuery } from '../../api/menu';
import { chromeStore, useCartState, useGuestState, useKioskState } from '../../state/store';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { MenuPhoto } from '../../ui/menu-photo';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { FavouriteButton } from './favourite-button';
import { favouriteDishes, menuPath } from './menu-model';
import { useTargetMenu } from './menu-states';
import { useMenuTarget } from './use-menu-query';
import './liked-page.css';

/** Rows above this index load their photo at once; the rest when they come near (docs/design.md). */
const EAGER_PHOTOS = 5;
/** A favourite's square photo: 4.5rem, 8rem on a kiosk (liked-page.css). */
const LIKED_DISH_PHOTO: PhotoSlot = { kind: 'box', rem: 4.5, kioskRem: 8, aspect: 1 };

/**
 * SPEC 2 Любимое (/liked): the guest's favourite dishes (SPEC 3 favorites, kept on this device)
 * found in the current restaurant's menu, the one the drawer's entry appears for. The menu is
 * loaded here when the screen is opened directly (a reload, a bookmark).
 */
export default function LikedPage() {
  const [requestedKind] = useState<IsShop>(() => menuQuery.latest().args?.isShop ?? 0);
  const target = useMenuTarget(undefined, undefined, requestedKind);
  const favourites = useGuestState((state) => state.favorites);
  const kiosk = useKioskState((state) => state.kiosk);
  const stateRestaurantName = useCartState((state) => state.restaurant?.name ?? '');
  const { menu, notice, loading } = useTargetMenu(
    target,
    'Любимые блюда показываем по меню ресторана. Выберите, где и как хотите получить заказ.',
  );

  useEffect(() => {
    if (menu) chromeStore.getState().setDishesLoaded(true);
  }, [menu]);

  const dishes = useMemo(() => (menu ? favouriteDishes(menu.dishes, favourites) : []), [menu, favourites]);
  const restaurantName = target.restaurant?.name ?? stateRestaurantName;
  const menuHref = menuPath(target.restaurantId, target.orderType);

  let body;
  if (notice) {
    body = notice;
  } else if (!menu) {
    body = <LikedSkeleton />;
  } else {
    body = (
      <LikedList
        dishes={dishes}
        restaurantName={restaurantName}
        menuHref={menuHref}
        toggles={!kiosk}
        stopText={menu.stop_text}
      />
    );
  }

  return (
    <Screen title="Любимое" menu busy={loading}>
      {body}
    </Screen>
  );
}

function LikedList({
  dishes,
  restaurantName,
  menuHref,
  toggles,
  stopText,
}: {
  dishes: readonly MenuDish[];
  restaurantName: string;
  menuHref: string;
  /** The hearts (not in kiosk mode, SPEC 6). */
  toggles: boolean;
  /** The menu's text for a dish not sold now (SPEC 2 stop-list text). */
  stopText: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // After a removal the removed row's heart is gone: focus moves to the next heart (or the
  // previous one at the end, or the empty state's link), not to the top of the page.
  const [focusAfter, setFocusAfter] = useState<{ index: number } | null>(null);

  useEffect(() => {
    const root = ref.current;
    if (!focusAfter || !root) return;
    const hearts = root.querySelectorAll<HTMLElement>('.favourite-toggle');
    const next = hearts[Math.min(focusAfter.index, hearts.length - 1)] ?? root.querySelector<HTMLElement>('a[href]');
    next?.focus();
  }, [focusAfter]);

  return (
    <div ref={ref} className="liked">
      {dishes.length === 0 ? (
        <EmptyState
          icon={<Heart />}
          title="В любимом пока пусто"
          text="Здесь появятся блюда, которые вы отметите сердечком в меню"
          action={
            <LinkButton href={menuHref} variant="secondary" block>
              Открыть меню
            </LinkButton>
          }
        />
      ) : (
        <>
          {restaurantName ? <p className="liked__lead">Из меню ресторана «{restaurantName}»</p> : null}
          <ul className="liked__list" aria-label="Любимые блюда">
            {dishes.map((dish, index) => (
              <li key={dish.id}>
                <LikedDish
                  dish={dish}
                  eager={index < EAGER_PHOTOS}
                  toggle={toggles}
                  stopText={stopText}
                  onRemoved={() => setFocusAfter({ index })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function LikedDish({
  dish,
  eager,
  toggle,
  stopText,
  onRemoved,
}: {
  dish: MenuDish;
  eager: boolean;
  toggle: boolean;
  stopText: string;
  onRemoved: () => void;
}) {
  const href = `/product/${dish.id}`;
  const photo = cardPhoto(dish);
  return (
    <article
      className={dish.allowed ? 'liked-dish' : 'liked-dish liked-dish--stopped'}
      aria-labelledby={`liked-${dish.id}`}
    >
      <Link href={href} className="liked-dish__photo-link" tabIndex={-1} aria-hidden="true">
        {photo ? (
          <MenuPhoto
            className="liked-dish__photo"
            src={photo}
            alt=""
            width={72}
            height={72}
            slot={LIKED_DISH_PHOTO}
            loading={eager ? 'eager' : 'lazy'}
          />
        ) : (
          <span className="liked-dish__photo" />
        )}
      </Link>
      <div className="liked-dish__body">
        <h2 className="liked-dish__name" id={`liked-${dish.id}`}>
          <Link href={href} className="liked-dish__link">
            {dish.name}
          </Link>
        </h2>
        <p className="liked-dish__meta">
          <span className="liked-dish__price">{formatMoney(dish.price)}</span>
          {dish.weight ? <span className="liked-dish__weight">{dish.weight}</span> : null}
        </p>
        {!dish.allowed ? <p className="liked-dish__stop">{stopText || 'Сейчас недоступно'}</p> : null}
      </div>
      {toggle ? <FavouriteButton kind="dish" id={String(dish.id)} name={dish.name} onRemoved={onRemoved} /> : null}
    </article>
  );
}

function LikedSkeleton() {
  return (
    <>
      <span className="visually-hidden" role="status">
        Загружаем любимые блюда…
      </span>
      <div className="liked__list" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <div key={key} className="liked-dish">
            <Skeleton width={72} height={72} className="liked-dish__photo" />
            <div className="liked-dish__body">
              <Skeleton shape="text" width="70%" height="1.125rem" />
              <Skeleton shape="text" width="30%" />
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
