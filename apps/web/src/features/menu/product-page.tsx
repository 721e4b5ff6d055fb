import { type FormEvent, Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import { Clock, Lock, UtensilsCrossed } from 'lucide-react';
import { useParams } from 'wouter';
import type { MenuDish } from '@chain/contract';
import { addToCartBlocker, formatMoney, isOn, lineTotal, type OrderType, type PhotoSlot } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { cookTimeQuery } from '../../api/load';
import { menuQuery, unlockMenu, useCurrentMenu } from '../../api/menu';
import { useQuery } from '../../api/query-cache';
import { cartStore, guestStore, useCartState, useKioskState } from '../../state/store';
import { Button, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Input } from '../../ui/input';
import { MenuPhoto } from '../../ui/menu-photo';
import { Modal } from '../../ui/modal';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { useShell } from '../../ui/shell-context';
import { Stepper } from '../../ui/stepper';
import { addToCartLock } from './add-to-cart-lock';
import { FavouriteButton } from './favourite-button';
import { menuPath } from './menu-model';
import { chosenMulti, defaultSingle, labelWords, shownCookMinutes, splitOptions } from './product-model';
import '../../ui/dialog.css';
import './product-page.css';

/** SPEC 4: what the guest reads when the lock code did not unlock the dish. */
export const WRONG_LOCK_CODE = 'Неверный код. Проверьте код и попробуйте ещё раз.';

/** What an option the restaurant has run out of says in place of its price (it stays listed, greyed). */
const OPTION_OFF_TEXT = 'Нет в наличии';
/** The dish's photo: the screen's whole column, 4:3 (product-page.css). */
const PRODUCT_PHOTO: PhotoSlot = { kind: 'column', aspect: 4 / 3 };

const optionClass = (disabled: boolean) => (disabled ? 'product__option product__option--disabled' : 'product__option');

type DishOption = MenuDish['spec'][number];

/** A block of the dish's options under its title («Вариант», «Добавки»); nothing when there are none. */
function OptionsBlock({
  title,
  options,
  children,
}: {
  title: string;
  options: readonly DishOption[];
  children: (option: DishOption, disabled: boolean) => ReactNode;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="product__block product__options">
      <legend className="product__block-title">{title}</legend>
      {options.map((option) => (
        <Fragment key={option.specid}>{children(option, isOn(option.disabled))}</Fragment>
      ))}
    </fieldset>
  );
}

/** SPEC 2 Product (/product/{id}): photo, composition, cook time, options, running total, Add to cart. */
export default function ProductPage() {
  const params = useParams<{ id?: string }>();
  const snapshot = useCurrentMenu();
  const restaurantId = useCartState((state) => state.restaurant?.id ?? null);
  const orderType = useCartState((state) => state.orderType);
  const dish =
    snapshot.status === 'ready' ? (snapshot.data.dishes.find((entry) => String(entry.id) === params.id) ?? null) : null;

  if (dish && snapshot.status === 'ready') {
    return (
      <ProductView
        key={dish.id}
        dish={dish}
        stopText={snapshot.data.stop_text}
        unlockedWith={snapshot.data.lock_code}
        fsUid={snapshot.args.fsUid}
        orderType={snapshot.args.orderType}
      />
    );
  }
  if (snapshot.status === 'loading') {
    return (
      <Screen title="Блюдо" back busy>
        <span className="visually-hidden" role="status">
          Загружаем блюдо…
        </span>
        <div aria-hidden="true" className="product">
          <Skeleton className="product__photo" />
          <Skeleton shape="text" width="30%" />
          <Skeleton shape="text" width="90%" />
          <Skeleton shape="text" width="60%" />
        </div>
      </Screen>
    );
  }
  return (
    <Screen title="Блюдо" back>
      <EmptyState
        icon={<UtensilsCrossed />}
        title="Блюдо не найдено"
        text="Откройте меню ресторана и выберите блюдо там."
        action={
          <LinkButton href={menuPath(restaurantId, orderType)} variant="secondary" block>
            Открыть меню
          </LinkButton>
        }
      />
    </Screen>
  );
}

interface ProductViewProps {
  dish: MenuDish;
  stopText: string;
  unlockedWith: string | null;
  /** The restaurant and order type the menu was asked for: the cook time is asked for the same. */
  fsUid: string;
  orderType: OrderType;
}

function ProductView({ dish, stopText, unlockedWith, fsUid, orderType }: ProductViewProps) {
  const shell = useShell();
  const cookMinutes = useCookMinutes(dish, fsUid, orderType);
  const restaurantId = useCartState((state) => state.restaurant?.id ?? null);
  const kiosk = useKioskState((state) => state.kiosk);
  const { single, multi } = useMemo(() => splitOptions(dish), [dish]);
  const [spec, setSpec] = useState<number | null>(() => defaultSingle(dish));
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [cnt, setCnt] = useState(1);
  const [askCode, setAskCode] = useState(false);
  const singleName = useId();

  const specs = chosenMulti(counts);
  const choice = { item: String(dish.id), spec: spec === null ? null : String(spec), specs };
  // SPEC 5 via the domain: (price + single option) × cnt + Σ multi option × its count × cnt.
  const total = lineTotal({ ...choice, cnt }, dish);

  const addNow = () => {
    if (restaurantId === null) return;
    cartStore.getState().addToCart(restaurantId, { ...choice, cnt });
    shell.goBack();
  };

  const onAdd = () => {
    // SPEC 9: taps within 500 ms of the last one are ignored (no double lines from a double tap).
    if (!addToCartLock.take(dish.id)) return;
    const blocker = addToCartBlocker(dish, unlockedWith);
    if (blocker === 'not-allowed') return;
    if (blocker === 'locked') {
      setAskCode(true);
      return;
    }
    addNow();
  };

  const photo = dish.img || dish.thumb;
  return (
    <Screen
      title={dish.name}
      back
      // SPEC 2 and 6: the dish's favourite toggle, not in kiosk mode.
      right={kiosk ? undefined : <FavouriteButton kind="dish" id={String(dish.id)} name={dish.name} />}
      actions={
        <div className="product__actions">
          <p className="product__total">
            <span>Итого</span>
            <output aria-live="polite" aria-label="Итого">
              {formatMoney(total)}
            </output>
          </p>
          {dish.allowed ? (
            <Button block onClick={onAdd} icon={isOn(dish.is_locked) ? <Lock /> : undefined}>
              Добавить в корзину
            </Button>
          ) : (
            <p className="product__stop" role="status">
              {stopText || 'Сейчас недоступно'}
            </p>
          )}
        </div>
      }
    >
      <div className="product">
        {photo ? (
          <MenuPhoto
            className="product__photo"
            src={photo}
            alt={dish.name}
            width={640}
            height={480}
            slot={PRODUCT_PHOTO}
            loading="eager"
            fetchPriority="high"
          />
        ) : null}
        <div className="product__facts">
          {dish.weight ? <span className="product__weight">{dish.weight}</span> : null}
          <span className="product__price">{formatMoney(dish.price)}</span>
        </div>
        <DishLabels labels={dish.labels} />
        {cookMinutes > 0 ? (
          <p className="product__cook">
            <Clock aria-hidden="true" />
            <span>Приготовим примерно за {cookMinutes} мин</span>
          </p>
        ) : null}
        {dish.sostav ? (
          <section className="product__block" aria-labelledby={`${singleName}-sostav`}>
            <h2 id={`${singleName}-sostav`} className="product__block-title">
              Состав
            </h2>
            <p className="product__text">{dish.sostav}</p>
            {dish.more_ingredients ? (
              <p className="product__text product__text--muted">{dish.more_ingredients}</p>
            ) : null}
          </section>
        ) : null}

        <OptionsBlock title="Вариант" options={single}>
          {(option, disabled) => (
            <label className={optionClass(disabled)}>
              <input
                type="radio"
                name={singleName}
                value={option.specid}
                checked={spec === option.specid}
                disabled={disabled}
                onChange={() => setSpec(option.specid)}
              />
              <span className="product__option-name">{option.specname}</span>
              <span className="product__option-price">
                {disabled ? OPTION_OFF_TEXT : option.price > 0 ? `+${formatMoney(option.price)}` : ''}
              </span>
            </label>
          )}
        </OptionsBlock>

        <OptionsBlock title="Добавки" options={multi}>
          {(option, disabled) => (
            <div className={optionClass(disabled)}>
              <span className="product__option-text">
                <span className="product__option-name">{option.specname}</span>
                <span className="product__option-price">
                  {disabled ? OPTION_OFF_TEXT : `+${formatMoney(option.price)}`}
                  {!disabled && option.max > 1 ? ` · до ${option.max} шт.` : ''}
                </span>
              </span>
              <Stepper
                value={counts[String(option.specid)] ?? 0}
                max={option.max}
                disabled={disabled}
                label={option.specname}
                onChange={(next) => setCounts((previous) => ({ ...previous, [String(option.specid)]: next }))}
              />
            </div>
          )}
        </OptionsBlock>

        {dish.allowed ? (
          <div className="product__block product__quantity">
            <span className="product__block-title" id={`${singleName}-count`}>
              Количество
            </span>
            <Stepper value={cnt} min={1} max={99} label={dish.name} onChange={setCnt} />
          </div>
        ) : null}
      </div>
      {askCode ? (
        <LockCodeDialog
          onClose={() => setAskCode(false)}
          onUnlocked={(unlocked) => {
            setAskCode(false);
            if (
              restaurantId === null ||
              unlocked === null ||
              addToCartBlocker(unlocked, guestStore.getState().lockCode) !== null
            )
              return;
            addNow();
          }}
          dishId={dish.id}
        />
      ) : null}
    </Screen>
  );
}

/**
 * SPEC 2 Product «Приготовим примерно за …» through SPEC 7's zagruzkaLoadCookTime: the dish at this
 * restaurant for the order type at the cart's chosen time (the kitchen's load then), asked once
 * per dish and time (the query keeps answers a minute); the menu's cook_time until it answers and
 * when it fails (shownCookMinutes).
 */
function useCookMinutes(dish: MenuDish, fsUid: string, orderType: OrderType): number {
  const when = useCartState((state) => state.checkout.deliveryDateTime);
  const asks = dish.cook_time > 0;
  const args = useMemo(
    () => (asks ? { fsUid, productId: dish.id, orderType, when } : null),
    [asks, fsUid, dish.id, orderType, when],
  );
  const answer = useQuery(cookTimeQuery, args);
  return shownCookMinutes(dish.cook_time, answer.status === 'ready' ? answer.data.cookTime : null);
}

/** SPEC 3/4: a locked dish asks for the code; the menu is asked again with it and the code kept. */
function LockCodeDialog({
  dishId,
  onClose,
  onUnlocked,
}: {
  dishId: number;
  onClose: () => void;
  onUnlocked: (dish: MenuDish | null) => void;
}) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = menuQuery.latest().args;
    const trimmed = code.trim();
    if (busy || !query) return;
    if (trimmed === '') {
      setError('Введите код');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const menu = await unlockMenu(query, trimmed);
      if (menu === null) {
        setError(WRONG_LOCK_CODE);
        return;
      }
      guestStore.getState().setLockCode(trimmed);
      onUnlocked(menu.dishes.find((entry) => entry.id === dishId) ?? null);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : REQUEST_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open placement="dialog" labelledBy={titleId} onClose={onClose}>
      <form className="dialog product__code" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="dialog__title">
          Блюдо по коду
        </h2>
        <p className="dialog__message">Это блюдо доступно по коду. Спросите его у официанта.</p>
        <Input
          label="Код"
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={32}
          error={error}
          data-autofocus=""
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <div className="dialog__actions">
          <Button type="submit" block busy={busy}>
            Подтвердить
          </Button>
          <Button variant="secondary" block onClick={onClose}>
            Отмена
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The dish's labels (issue 31): badges for what it is, one line for what it contains. */
function DishLabels({ labels }: { labels: MenuDish['labels'] }) {
  const { badges, contains } = labelWords(labels);
  if (badges.length === 0 && !contains) return null;
  return (
    <div className="product__labels">
      {badges.length > 0 ? (
        <ul className="product__badges" aria-label="О блюде">
          {badges.map((badge) => (
            <li key={badge} className="product__badge">
              {badge}
            </li>
          ))}
        </ul>
      ) : null}
      {contains ? <p className="product__contains">{contains}</p> : null}
    </div>
  );
}
