import {
  type CSSProperties,
  memo,
  type MouseEvent,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Plus, ShoppingBag } from 'lucide-react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useParams } from 'wouter';
import {
  cardPhoto,
  restaurantClosedText,
  type CategorySection,
  categorySections,
  type IsShop,
  type MenuDish,
  type MenuResponse,
} from '@chain/contract';
import {
  addToCartBlocker,
  cartTotal,
  filterByLabels,
  formatMoney,
  indexDishes,
  isAsReadyText,
  MENU_CARD_PHOTO,
} from '@chain/domain';
import { menuQuery } from '../../api/menu';
import { useQuery } from '../../api/query-cache';
import { settingsQuery } from '../../api/settings';
import { cartStore, chromeStore, guestStore, useCartState, useGuestState, useKioskState } from '../../state/store';
import { Button, IconButton, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { MenuPhoto } from '../../ui/menu-photo';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { Stepper } from '../../ui/stepper';
import { useNow } from '../../ui/use-now';
import { addToCartLock } from './add-to-cart-lock';
import { FavouriteButton } from './favourite-button';
import { CLEAR_FILTERS, MenuFilters } from './menu-filters';
import { closedMenuNotice, dishInCart, firstSections, menuKindOptions, menuTitle } from './menu-model';
import { useTargetMenu } from './menu-states';
import { useMenuTarget } from './use-menu-query';
import './menu-page.css';
import { useMenuFollowsCatalogue } from '../../api/menu-events';

/** Cards above this index load their photo at once; the rest when they come near (docs/design.md). */
const EAGER_PHOTOS = 3;
/** Dishes drawn with the menu's first paint, a phone's screenful and more; the rest follow (firstSections). */
const FIRST_DISHES = 12;

/**
 * SPEC 2 Menu (/menu/{restoran_id}/{order_type} and /menu_list): the restaurant's menu of the
 * chosen kind (Restaurant/Shop/Bar), a category slider that follows the scroll, dish cards and
 * the floating "Ваш заказ на N ₽" button.
 */
export default function MenuPage() {
  // A dish the restaurant stops shows as unavailable within a moment (issue 17).
  useMenuFollowsCatalogue();
  const params = useParams<{ restoran_id?: string; order_type?: string }>();
  const [requestedKind, setIsShop] = useState<IsShop>(() => menuQuery.latest().args?.isShop ?? 0);
  const target = useMenuTarget(params.restoran_id, params.order_type, requestedKind);
  const isShop = target.isShop;
  const kiosk = useKioskState((state) => state.kiosk);
  const table = useCartState((state) => state.checkout.table);
  const stateRestaurant = useCartState((state) => state.restaurant);
  const lockCode = useGuestState((state) => state.lockCode);

  const { menu, notice, loading } = useTargetMenu(
    target,
    'Выберите, где и как хотите получить заказ, — и мы покажем меню.',
  );

  useEffect(() => {
    if (!menu) return;
    chromeStore.getState().setDishesLoaded(true);
    // SPEC 3: a code the server no longer accepts (answered with lock_code null) is forgotten.
    if (lockCode && menu.lock_code === null) guestStore.getState().setLockCode('');
  }, [menu, lockCode]);

  const restaurant = target.restaurant
    ? { name: target.restaurant.name, nameShort: target.restaurant.nameShort }
    : stateRestaurant;
  // ', стол №n' in kiosk mode and for an in-restaurant order at a table.
  const title = menuTitle(restaurant, kiosk || params.order_type === 'inrest', table);
  const kinds = target.restaurant ? menuKindOptions(target.restaurant.menuKinds) : [];
  const now = useNow(30_000);
  // Closed for now (issue 31): the manager's words above the menu; order/create refuses with them.
  const closedText = target.restaurant ? restaurantClosedText(target.restaurant, now) : null;
  // Closed now by its hours (issue 33): said at the top, with when it opens and how to order for later.
  const settings = useQuery(settingsQuery);
  const chosenTime = useCartState((state) => state.checkout.deliveryDateTime);
  const closedNow = target.restaurant
    ? closedMenuNotice(
        target.restaurant,
        params.order_type,
        {
          kiosk,
          timeChosen: chosenTime !== null && !isAsReadyText(chosenTime.deliveryTime.trim()),
          settings: settings.status === 'ready' ? settings.data : null,
        },
        now,
      )
    : null;
  let body;
  if (notice) {
    body = notice;
  } else if (!menu || target.query === null) {
    // Until the restaurant is known its menu toggle may still appear above: grey shapes shown
    // before it would jump down when it does (issue 18, CLS 0).
    body = <MenuSkeleton shapes={target.restaurant !== null} />;
  } else {
    body = <MenuContent menu={menu} restaurantId={target.query.restaurantId} favourites={!kiosk} />;
  }

  return (
    <Screen
      title={title}
      menu
      // SPEC 2 Menu: the restaurant's favourite toggle beside its name (kiosk mode too: only
      // products lose theirs there, SPEC 6).
      right={
        target.restaurant ? (
          <FavouriteButton kind="restaurant" id={String(target.restaurant.id)} name={target.restaurant.name} />
        ) : undefined
      }
      busy={loading}
      actions={menu && target.query ? <CartButton menu={menu} restaurantId={target.query.restaurantId} /> : undefined}
    >
      {kinds.length > 1 ? (
        <div className="menu__kinds" role="group" aria-label="Какое меню показать">
          {kinds.map((kind) => (
            <button
              key={kind.kind}
              type="button"
              className="menu__kind"
              aria-pressed={kind.isShop === isShop}
              onClick={() => setIsShop(kind.isShop)}
            >
              {kind.label}
            </button>
          ))}
        </div>
      ) : null}
      {closedText ? (
        <p className="menu__closed" role="status">
          {closedText}
        </p>
      ) : null}
      {closedNow ? (
        <section className="menu__closed menu__closed--hours" role="status" aria-label="Ресторан закрыт">
          <p className="menu__closed-text">{closedNow.text}</p>
          {closedNow.hint ? <p className="menu__closed-hint">{closedNow.hint}</p> : null}
          {closedNow.later ? (
            <LinkButton href={closedNow.later.href} variant="secondary" block>
              {closedNow.later.label}
            </LinkButton>
          ) : null}
        </section>
      ) : null}
      {body}
      {/* SPEC 3 Settings text_info: the chain's words under its menu (the kitchen, delivery, prices). */}
      {menu && settings.status === 'ready' && settings.data.text_info.trim() !== '' ? (
        <p className="menu__info">{settings.data.text_info.trim()}</p>
      ) : null}
    </Screen>
  );
}

/** The phone's top bar and slider (~114 px) with a little room: the band's top until the slider is measured. */
const PHONE_BAND_TOP_PX = 120;
/** The band starts this far below the stuck slider, so the section a jump has just passed (ending exactly there) no longer counts. */
const BAND_GAP_PX = 6;

/** Where a sticky element's bottom is once it is stuck: its sticky top (resolved to px) and its height. */
function stuckBottom(element: HTMLElement): number {
  const top = Number.parseFloat(getComputedStyle(element).top);
  return (Number.isFinite(top) ? top : 0) + element.getBoundingClientRect().height;
}

function MenuContent({
  menu,
  restaurantId,
  favourites,
}: {
  menu: MenuResponse;
  restaurantId: string;
  favourites: boolean;
}) {
  // The guest's label filters (issue 31) hide what does not fit; MenuFilters says how many.
  const filters = useGuestState((state) => state.menuFilters);
  const allSections = useMemo(
    () => categorySections({ categories: menu.categories, dishes: filterByLabels(menu.dishes, filters).shown }),
    [menu, filters],
  );
  // The first screenful is drawn at once, the rest in a transition React interrupts for a tap, so
  // no single long task keeps the phone from answering (issue 18).
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    if (!complete) startTransition(() => setComplete(true));
  }, [complete]);
  const sections = useMemo(
    () => (complete ? allSections : firstSections(allSections, FIRST_DISHES)),
    [allSections, complete],
  );
  const [active, setActive] = useState<number | null>(allSections[0]?.id ?? null);
  const scrollingUntil = useRef(0);
  const sliderRef = useRef<HTMLDivElement>(null);

  // The band starts just under the stuck bars: the slider's sticky top and its height, measured,
  // since the kiosk's (×1.5) and its accessibility mode's bars are taller than the phone's; again
  // whenever the slider changes size (the kiosk class and the mode change it as they come).
  const navRef = useRef<HTMLElement>(null);
  const [bandTop, setBandTop] = useState(PHONE_BAND_TOP_PX);
  const hasSlider = allSections.length > 0;
  useEffect(() => {
    const nav = navRef.current;
    if (!nav || typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver(() => setBandTop(stuckBottom(nav) + BAND_GAP_PX));
    resize.observe(nav);
    return () => resize.disconnect();
  }, [hasSlider]);

  // The slider follows the scroll: the first category crossing the band under the sticky bars.
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<number, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          visible.set(Number((entry.target as HTMLElement).dataset['categoryId']), entry.isIntersecting);
        }
        if (performance.now() < scrollingUntil.current) return;
        const first = sections.find((section) => visible.get(section.id));
        if (first) setActive(first.id);
      },
      { rootMargin: `-${Math.round(bandTop)}px 0px -55% 0px` },
    );
    for (const section of sections) {
      const element = document.getElementById(sectionId(section.id));
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [sections, bandTop]);

  // The active chip stays in sight inside the slider (horizontal scroll only).
  useEffect(() => {
    const slider = sliderRef.current;
    const chip = slider?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!slider || !chip) return;
    const left = chip.offsetLeft - (slider.clientWidth - chip.offsetWidth) / 2;
    slider.scrollTo({ left: Math.max(0, left), behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [active]);

  // Sections out of sight are skipped until near (content-visibility, menu-page.css), their height
  // only estimated: a jump past them would land short. The first jump draws them all, then scrolls.
  const [allDrawn, setAllDrawn] = useState(false);
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: number) => {
    event.preventDefault();
    flushSync(() => {
      setActive(id);
      setAllDrawn(true);
    });
    scrollingUntil.current = event.timeStamp + 800;
    const section = document.getElementById(sectionId(id));
    section?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };

  const filterBar = menu.dishes.length > 0 ? <MenuFilters dishes={menu.dishes} /> : null;
  if (allSections.length === 0 && filterBar) {
    return (
      <>
        {filterBar}
        <EmptyState
          icon={<ShoppingBag />}
          title="Под эти фильтры ничего не подходит"
          text="Уберите какой-нибудь фильтр — и блюда вернутся."
          action={<Button onClick={() => guestStore.getState().setMenuFilters([])}>{CLEAR_FILTERS}</Button>}
        />
      </>
    );
  }
  if (allSections.length === 0) {
    return (
      <EmptyState
        icon={<ShoppingBag />}
        title="В этом меню пока пусто"
        text="Загляните в другое меню ресторана или зайдите позже."
      />
    );
  }

  const firstIndexes = sections.map((_, index) =>
    sections.slice(0, index).reduce((sum, section) => sum + section.dishes.length, 0),
  );
  return (
    <>
      {filterBar}
      <nav
        ref={navRef}
        className="menu__categories"
        aria-label="Категории меню"
        data-all-drawn={allDrawn ? '' : undefined}
      >
        <div className="menu__categories-track" ref={sliderRef}>
          {allSections.map((section) => (
            <a
              key={section.id}
              href={`#${sectionId(section.id)}`}
              className="menu__category"
              aria-current={section.id === active ? 'true' : undefined}
              onClick={(event) => goTo(event, section.id)}
            >
              {section.name}
            </a>
          ))}
        </div>
      </nav>
      {sections.map((section, index) => (
        <CategoryList
          key={section.id}
          section={section}
          stopText={menu.stop_text}
          restaurantId={restaurantId}
          firstIndex={firstIndexes[index] ?? 0}
          favourites={favourites}
        />
      ))}
    </>
  );
}

function sectionId(categoryId: number): string {
  return `category-${categoryId}`;
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * One category's dishes. Memoised: the menu re-renders when the active category follows the
 * scroll or its page does, and its props (the section, from the menu's answer) stay the same, so
 * a hundred cards are not drawn again each time (the dish cards follow the cart themselves).
 */
const CategoryList = memo(function CategoryList({
  section,
  stopText,
  restaurantId,
  firstIndex,
  favourites,
}: {
  section: CategorySection;
  stopText: string;
  restaurantId: string;
  firstIndex: number;
  favourites: boolean;
}) {
  const headingId = `${sectionId(section.id)}-title`;
  return (
    <section
      id={sectionId(section.id)}
      data-category-id={section.id}
      className="menu__section"
      aria-labelledby={headingId}
      style={{ '--menu-section-dishes': section.dishes.length } as CSSProperties}
    >
      <h2 id={headingId} className="menu__section-title" tabIndex={-1}>
        {section.name}
      </h2>
      <ul className="menu__dishes" aria-label={section.name}>
        {section.dishes.map((dish, index) => (
          <li key={dish.id}>
            <DishCard
              dish={dish}
              stopText={stopText}
              restaurantId={restaurantId}
              eager={firstIndex + index < EAGER_PHOTOS}
              favourite={favourites}
            />
          </li>
        ))}
      </ul>
    </section>
  );
});

/** A dish of the menu (SPEC 2 Menu: product cards) with its «+» or, once in the cart, its stepper. */
export function DishCard({
  dish,
  stopText,
  restaurantId,
  eager,
  favourite,
}: {
  dish: MenuDish;
  stopText: string;
  restaurantId: string;
  eager: boolean;
  /** Show the dish's heart (not in kiosk mode, SPEC 2 and 6). */
  favourite: boolean;
}) {
  const [, navigate] = useLocation();
  const count = useCartState((state) =>
    state.cartRestaurantId === restaurantId ? dishInCart(state.cart, dish.id).count : 0,
  );
  const token = useCartState((state) =>
    state.cartRestaurantId === restaurantId ? dishInCart(state.cart, dish.id).token : null,
  );
  const href = `/product/${dish.id}`;
  const allowed = dish.allowed;

  const add = () => {
    // Dishes with options, and locked ones (the code is asked there), are chosen on the product screen.
    if (dish.spec.length > 0 || addToCartBlocker(dish, null) !== null) {
      navigate(href);
      return;
    }
    // SPEC 9: a second tap within 500 ms of the last add is ignored (the one lock of every add control).
    if (!addToCartLock.take(dish.id)) return;
    cartStore.getState().addToCart(restaurantId, { item: String(dish.id) });
  };

  const change = (next: number) => {
    if (token === null) return;
    // The stepper takes the «+»'s place at once: a double tap's second half must not add a second one (SPEC 9).
    if (next > count && addToCartLock.held(dish.id)) return;
    cartStore.getState().changeLineCount(token, next - count);
  };

  return (
    <article className={allowed ? 'menu-dish' : 'menu-dish menu-dish--stopped'} aria-labelledby={`dish-${dish.id}`}>
      <Link href={href} className="menu-dish__photo-link" tabIndex={-1} aria-hidden="true">
        <MenuPhoto
          className="menu-dish__photo"
          src={cardPhoto(dish)}
          alt=""
          width={112}
          height={112}
          slot={MENU_CARD_PHOTO}
          loading={eager ? 'eager' : 'lazy'}
        />
      </Link>
      <div className="menu-dish__body">
        <h3 className="menu-dish__name" id={`dish-${dish.id}`}>
          <Link href={href} className="menu-dish__link">
            {dish.name}
          </Link>
        </h3>
        {dish.weight ? <p className="menu-dish__weight">{dish.weight}</p> : null}
        {dish.sostav ? <p className="menu-dish__sostav">{dish.sostav}</p> : null}
        <div className="menu-dish__footer">
          <span className="menu-dish__price">{formatMoney(dish.price)}</span>
          {!allowed ? null : count > 0 && token !== null ? (
            <Stepper value={count} onChange={change} label={dish.name} className="menu-dish__stepper" />
          ) : (
            <IconButton
              className="menu-dish__add"
              label={`Добавить в корзину: ${dish.name}`}
              icon={<Plus />}
              onClick={add}
            />
          )}
        </div>
        {!allowed ? <p className="menu-dish__stop">{stopText || 'Сейчас недоступно'}</p> : null}
      </div>
      {/* After the name in reading order; placed over the photo's corner by the grid. */}
      {favourite ? (
        <FavouriteButton
          kind="dish"
          id={String(dish.id)}
          name={dish.name}
          look="overlay"
          className="menu-dish__favourite"
        />
      ) : null}
    </article>
  );
}

function CartButton({ menu, restaurantId }: { menu: MenuResponse; restaurantId: string }) {
  const lines = useCartState((state) => (state.cartRestaurantId === restaurantId ? state.cart : null));
  const dishes = useMemo(() => indexDishes(menu.dishes), [menu]);
  if (!lines || lines.length === 0) return null;
  const sum = cartTotal(lines, dishes);
  return (
    <LinkButton href="/cart" block icon={<ShoppingBag />} className="menu__cart-button">
      {`Ваш заказ на ${formatMoney(sum)}`}
    </LinkButton>
  );
}

function MenuSkeleton({ shapes }: { shapes: boolean }) {
  const status = (
    <span className="visually-hidden" role="status">
      Загружаем меню…
    </span>
  );
  if (!shapes) return status;
  return (
    <>
      {status}
      <div className="menu__categories menu__categories--skeleton" aria-hidden="true">
        <div className="menu__categories-track">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} width="6rem" height="2.25rem" className="menu__category-skeleton" />
          ))}
        </div>
      </div>
      <div aria-hidden="true">
        <Skeleton shape="text" width="40%" height="1.5rem" className="menu__title-skeleton" />
        <div className="menu__dishes">
          {[0, 1, 2, 3].map((key) => (
            <div key={key} className="menu-dish">
              <Skeleton width={112} height={112} className="menu-dish__photo" />
              <div className="menu-dish__body">
                <Skeleton shape="text" width="80%" height="1.125rem" />
                <Skeleton shape="text" width="30%" />
                <Skeleton shape="text" width="95%" />
                <Skeleton shape="text" width="45%" height="1.25rem" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
