import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  carryDishCall,
  createCategoryCall,
  createDishCall,
  type DishOrder,
  type ManageCategory,
  type ManageDish,
  type ManageMenu,
  MENU_EDIT_LIMITS,
  MENU_EDIT_TEXTS,
  manageMenuCall,
  orderCategoriesCall,
  orderDishesCall,
  removeDishCall,
  restoreDishCall,
  saveCategoryCall,
  saveDishCall,
  uploadMenuPhotoCall,
} from '@chain/contract';
import { DISH_LABEL_NAMES, DISH_LABELS, formatAmount, MENU_KIND_NAMES, MENU_KINDS, type MenuKind } from '@chain/domain';
import { failureText, staffCall } from '../../api';
import type { ManageScreenProps } from '../areas';
import { CheckboxField, MoneyField, NumberField, SaveBar, SelectField, StaleNotice, TextField } from '../fields';
import { PhotoField } from '../photo-field';
import { staleCurrent, useVersionedForm } from '../versioned-form';
import {
  blankDish,
  blankOption,
  categoriesOf,
  dishesOf,
  dishFields,
  dishValueText,
  draftProblem,
  moved,
  restaurantsOffering,
  toggled,
  withCategory,
  withDish,
  withDishOrder,
  withOrder,
} from './menu-model';

// «Меню» of the back office (issue 31, docs/back-office.md): the chain's categories of the three
// menus in order, a category's dishes, and a dish's form with its options, labels, photo and the
// restaurants carrying it. A restaurant's manager sees the same and chooses only what their
// restaurants carry.

const DISH_LABELS_RU: Partial<Record<keyof ManageDish, string>> = {
  name: 'Название',
  category_id: 'Категория',
  sostav: 'Состав',
  weight: 'Вес',
  price: 'Цена',
  cook_time: 'Время приготовления',
  img: 'Фото',
  labels: 'Метки',
  active: 'Показывать гостям',
  restaurant_ids: 'Рестораны',
  options: 'Опции',
};

export default function MenuScreen(_props: ManageScreenProps) {
  const [menu, setMenu] = useState<ManageMenu | null>(null);
  const [error, setError] = useState('');
  const [kind, setKind] = useState<MenuKind>('restaurant');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [dishId, setDishId] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  /** The dish saved last: a new dish's form opens again as the saved dish, still saying «Сохранено.». */
  const [lastSaved, setLastSaved] = useState<number | null>(null);

  const reload = useCallback(() => {
    staffCall(manageMenuCall)
      .then((loaded) => {
        setMenu(loaded);
        setError('');
      })
      .catch((failure: unknown) => setError(failureText(failure)));
  }, []);
  useEffect(reload, [reload]);

  // A read again after a save that fails keeps the screen and its open form: the failure shows above.
  if (!menu)
    return error ? (
      <p className="staff-error" role="alert">
        {error}
      </p>
    ) : (
      <p className="staff-empty">Загружаем меню…</p>
    );

  const categories = categoriesOf(menu, kind);
  const category = categories.find((candidate) => candidate.id === categoryId) ?? null;
  const dish =
    dishId === 'new' && category
      ? blankDish(menu, category)
      : (menu.dishes.find((candidate) => candidate.id === dishId) ?? null);

  return (
    <section className="manage-menu" aria-labelledby="manage-menu-title">
      <h1 id="manage-menu-title">Меню</h1>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {!menu.can_edit ? (
        <p className="staff-field__hint">
          Меню сети меняют менеджеры сети; вы выбираете, какие блюда есть в ваших ресторанах.
        </p>
      ) : null}
      <div className="manage-menu__columns">
        <nav className="manage-menu__categories" aria-label="Категории">
          <SelectField
            label="Меню"
            value={kind}
            options={MENU_KINDS.map((value) => ({ value, label: MENU_KIND_NAMES[value] }))}
            onChange={(value) => {
              setKind(value);
              setCategoryId(null);
              setDishId(null);
            }}
          />
          <CategoryList
            menu={menu}
            kind={kind}
            chosen={categoryId}
            onChoose={(id) => {
              setCategoryId(id);
              setDishId(null);
            }}
            onMenu={setMenu}
          />
          {menu.can_edit ? (
            <NewCategory
              kind={kind}
              onMade={(made) => {
                setMenu(withCategory(menu, made));
                setCategoryId(made.id);
                setDishId(null);
              }}
            />
          ) : null}
        </nav>
        <div className="manage-menu__main">
          {category ? (
            <>
              {menu.can_edit ? (
                <CategoryForm
                  key={`category-${category.id}`}
                  category={category}
                  onSaved={(saved) => setMenu(withCategory(menu, saved))}
                />
              ) : (
                <h2>{category.name}</h2>
              )}
              <h2 className="manage-menu__subtitle">Блюда категории</h2>
              <DishList
                menu={menu}
                category={category}
                chosen={dishId}
                onChoose={(id) => {
                  setDishId(id);
                  setNotice('');
                }}
                onMenu={setMenu}
                reload={reload}
              />
              <p role="status" className="staff-field__hint">
                {notice}
              </p>
              {menu.can_edit ? (
                <button
                  type="button"
                  className="staff-button staff-button--secondary"
                  onClick={() => {
                    setDishId('new');
                    setNotice('');
                  }}
                >
                  Новое блюдо
                </button>
              ) : null}
              {dish ? (
                <DishForm
                  key={`dish-${dish.id}-${dish.category_id}-${dish.archived ? 'archived' : 'live'}`}
                  menu={menu}
                  dish={dish}
                  justSaved={lastSaved === dish.id}
                  onSaved={(saved) => {
                    setMenu(withDish(menu, saved));
                    setDishId(saved.id);
                    setLastSaved(saved.id);
                    // A new dish or one moved to another category changes the categories' lists (and their orders' versions).
                    if (dish.id === 0 || saved.category_id !== dish.category_id) reload();
                  }}
                  onRemoved={(removedId, archived, message) => {
                    setMenu(archived ? withDish(menu, archived) : withDish(menu, dish, removedId));
                    setNotice(message);
                    if (!archived) setDishId(null);
                    reload();
                  }}
                  onRestored={(restored) => {
                    setMenu(withDish(menu, restored));
                    setNotice(MENU_EDIT_TEXTS.restored);
                    reload();
                  }}
                />
              ) : null}
            </>
          ) : (
            <p className="staff-empty">Выберите категорию слева.</p>
          )}
        </div>
      </div>
    </section>
  );
}

function CategoryList({
  menu,
  kind,
  chosen,
  onChoose,
  onMenu,
}: {
  menu: ManageMenu;
  kind: MenuKind;
  chosen: number | null;
  onChoose: (id: number) => void;
  onMenu: (menu: ManageMenu) => void;
}) {
  const [error, setError] = useState('');
  const categories = categoriesOf(menu, kind);
  const ids = categories.map((category) => category.id);
  const move = async (id: number, step: -1 | 1) => {
    try {
      const answer = await staffCall(orderCategoriesCall, { menu_kind: kind, ids: moved(ids, id, step) });
      onMenu(withOrder(menu, kind, answer.categories));
      setError('');
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  if (categories.length === 0) return <p className="staff-empty">В этом меню нет категорий.</p>;
  return (
    <>
      <ol className="manage-menu__list">
        {categories.map((category, index) => (
          <li key={category.id} className="manage-menu__category">
            <button
              type="button"
              className="staff-button staff-button--ghost manage-menu__pick"
              aria-pressed={category.id === chosen}
              onClick={() => onChoose(category.id)}
            >
              <span>{category.name}</span>
              {category.hidden ? <span className="manage-menu__meta">скрыта</span> : null}
            </button>
            {menu.can_edit ? (
              <span className="manage-menu__move">
                <button
                  type="button"
                  className="staff-button staff-button--ghost"
                  aria-label={`Выше: ${category.name}`}
                  disabled={index === 0}
                  onClick={() => void move(category.id, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="staff-button staff-button--ghost"
                  aria-label={`Ниже: ${category.name}`}
                  disabled={index === categories.length - 1}
                  onClick={() => void move(category.id, 1)}
                >
                  ↓
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * A category's dishes in their order, each picked to open its form; a chain manager moves a dish
 * up or down (the archived ones, listed last, keep no place). Each move is sent over the order's
 * version; an order someone changed meanwhile comes back as it is now, with a word.
 */
function DishList({
  menu,
  category,
  chosen,
  onChoose,
  onMenu,
  reload,
}: {
  menu: ManageMenu;
  category: ManageCategory;
  chosen: number | 'new' | null;
  onChoose: (id: number) => void;
  onMenu: (menu: ManageMenu) => void;
  reload: () => void;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const dishes = dishesOf(menu, category.id);
  const live = dishes.filter((dish) => !dish.archived).map((dish) => dish.id);
  const show = (order: DishOrder) => {
    const next = withDishOrder(menu, order);
    if (next) onMenu(next);
    else reload();
  };
  const move = async (id: number, step: -1 | 1) => {
    setBusy(true);
    try {
      show(
        await staffCall(
          orderDishesCall,
          { version: category.dish_order_version, ids: moved(live, id, step) },
          { params: { id: category.id } },
        ),
      );
      setError('');
    } catch (failure) {
      const current = staleCurrent<DishOrder>(failure);
      if (current) show(current);
      setError(current ? MENU_EDIT_TEXTS.dishOrderStale : failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  if (dishes.length === 0) return <p className="staff-empty">В категории нет блюд.</p>;
  return (
    <>
      <ol className="manage-menu__dishes" aria-label={`Блюда категории «${category.name}» по порядку`}>
        {dishes.map((dish) => {
          const at = live.indexOf(dish.id);
          return (
            <li key={dish.id} className="manage-menu__dish-row">
              <button
                type="button"
                className="staff-button staff-button--ghost manage-menu__pick"
                aria-pressed={dish.id === chosen}
                onClick={() => onChoose(dish.id)}
              >
                <span>{dish.name}</span>
                <span className="manage-menu__meta">
                  {formatAmount(dish.price)} ₽{dish.archived ? ' · в архиве' : !dish.active ? ' · скрыто' : ''}
                </span>
              </button>
              {menu.can_edit && !dish.archived ? (
                <span className="manage-menu__move">
                  <button
                    type="button"
                    className="staff-button staff-button--ghost"
                    aria-label={`Выше: ${dish.name}`}
                    disabled={busy || at === 0}
                    onClick={() => void move(dish.id, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="staff-button staff-button--ghost"
                    aria-label={`Ниже: ${dish.name}`}
                    disabled={busy || at === live.length - 1}
                    onClick={() => void move(dish.id, 1)}
                  >
                    ↓
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

function NewCategory({ kind, onMade }: { kind: MenuKind; onMade: (category: ManageCategory) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onMade(await staffCall(createCategoryCall, { menu_kind: kind, name, hidden: false }));
      setName('');
      setError('');
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="manage-menu__new" onSubmit={(event) => void submit(event)}>
      <TextField
        label="Новая категория"
        value={name}
        maxLength={MENU_EDIT_LIMITS.categoryName}
        onChange={setName}
        {...(error ? { error } : {})}
      />
      <button type="submit" className="staff-button staff-button--secondary" disabled={busy || name.trim() === ''}>
        Добавить категорию
      </button>
    </form>
  );
}

function CategoryForm({
  category,
  onSaved,
}: {
  category: ManageCategory;
  onSaved: (category: ManageCategory) => void;
}) {
  const [savedOnce, setSavedOnce] = useState(false);
  const form = useVersionedForm(
    category,
    (draft) =>
      staffCall(
        saveCategoryCall,
        { version: draft.version, name: draft.name, hidden: draft.hidden },
        { params: { id: draft.id } },
      ),
    (saved) => {
      setSavedOnce(true);
      onSaved(saved);
    },
  );
  return (
    <form
      className="staff-card manage-menu__form"
      aria-label={`Категория «${category.name}»`}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <TextField
        label="Название категории"
        value={form.draft.name}
        maxLength={MENU_EDIT_LIMITS.categoryName}
        onChange={(value) => form.set('name', value)}
      />
      <CheckboxField
        label="Скрыть от гостей"
        hint="вместе со всеми блюдами"
        checked={form.draft.hidden}
        onChange={(value) => form.set('hidden', value)}
      />
      {/* The order of its dishes has a version of its own (the dish list's), not this form's to speak of. */}
      {form.stale ? (
        <StaleNotice
          stale={{ ...form.stale, changed: form.stale.changed.filter((key) => key !== 'dish_order_version') }}
          labels={{ name: 'Название', hidden: 'Скрыта' }}
          onTake={form.takeCurrent}
        />
      ) : null}
      <SaveBar form={form} savedOnce={savedOnce} />
    </form>
  );
}

function DishForm({
  menu,
  dish,
  justSaved,
  onSaved,
  onRemoved,
  onRestored,
}: {
  menu: ManageMenu;
  dish: ManageDish;
  justSaved: boolean;
  onSaved: (dish: ManageDish) => void;
  onRemoved: (id: number, archived: ManageDish | null, message: string) => void;
  onRestored: (dish: ManageDish) => void;
}) {
  const [savedOnce, setSavedOnce] = useState(justSaved);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const isNew = dish.id === 0;
  const form = useVersionedForm(
    dish,
    (draft) =>
      isNew
        ? staffCall(createDishCall, dishFields(draft))
        : staffCall(saveDishCall, { ...dishFields(draft), version: draft.version }, { params: { id: draft.id } }),
    (saved) => {
      setSavedOnce(true);
      onSaved(saved);
    },
  );
  const draft = form.draft;
  const category = menu.categories.find((candidate) => candidate.id === draft.category_id);
  const kind = category?.menu_kind ?? 'restaurant';
  const offering = restaurantsOffering(menu, kind);
  const editable = menu.can_edit && !dish.archived;
  const setOption = (index: number, patch: Partial<ManageDish['options'][number]>) =>
    form.set(
      'options',
      draft.options.map((option, at) => (at === index ? { ...option, ...patch } : option)),
    );

  const carry = async (restaurantId: number, carried: boolean) => {
    try {
      const saved = await staffCall(
        carryDishCall,
        { version: draft.version, carried },
        { params: { id: dish.id, restaurant: restaurantId } },
      );
      form.load(saved);
      onSaved(saved);
      setNote('');
    } catch (failure) {
      setNote(failureText(failure));
    }
  };

  const restore = async () => {
    try {
      onRestored(await staffCall(restoreDishCall, { version: dish.version }, { params: { id: dish.id } }));
    } catch (failure) {
      setNote(failureText(failure));
    }
  };

  const remove = async () => {
    try {
      const answer = await staffCall(removeDishCall, { version: draft.version }, { params: { id: dish.id } });
      onRemoved(dish.id, answer.dish, answer.message);
    } catch (failure) {
      setNote(failureText(failure));
    }
    setConfirming(false);
  };

  return (
    <form
      className="staff-card manage-menu__form manage-menu__dish"
      aria-label={isNew ? 'Новое блюдо' : `Блюдо «${dish.name}»`}
      onSubmit={(event) => {
        event.preventDefault();
        // Half-typed roubles or an empty name are said here, before anything is sent.
        const problem = draftProblem(form.draft);
        setNote(problem ?? '');
        if (!problem) void form.submit();
      }}
    >
      <h2>{isNew ? 'Новое блюдо' : dish.name}</h2>
      {dish.archived ? (
        <div className="manage-menu__archived">
          <p className="staff-field__hint">Блюдо в архиве: его называют заказы, гости его не видят.</p>
          {menu.can_edit ? (
            <button type="button" className="staff-button staff-button--secondary" onClick={() => void restore()}>
              Вернуть из архива
            </button>
          ) : null}
        </div>
      ) : null}
      <fieldset className="manage-menu__fields" disabled={!editable}>
        <legend className="staff-visually-hidden">Блюдо</legend>
        <TextField
          label="Название"
          value={draft.name}
          maxLength={MENU_EDIT_LIMITS.dishName}
          onChange={(value) => form.set('name', value)}
        />
        <SelectField
          label="Категория"
          value={String(draft.category_id)}
          options={categoriesOf(menu, kind).map((candidate) => ({
            value: String(candidate.id),
            label: candidate.name,
          }))}
          onChange={(value) => form.set('category_id', Number(value))}
        />
        <TextField
          label="Состав"
          multiline
          value={draft.sostav}
          maxLength={MENU_EDIT_LIMITS.sostav}
          onChange={(value) => form.set('sostav', value)}
        />
        <div className="manage-menu__row">
          <TextField
            label="Вес"
            hint="например, 250 г"
            value={draft.weight}
            maxLength={MENU_EDIT_LIMITS.weight}
            onChange={(value) => form.set('weight', value)}
          />
          <MoneyField
            label="Цена, ₽"
            value={draft.price}
            max={MENU_EDIT_LIMITS.price}
            onChange={(value) => form.set('price', value)}
          />
          <NumberField
            label="Готовится, мин"
            value={draft.cook_time}
            min={0}
            max={MENU_EDIT_LIMITS.cookTime}
            onChange={(value) => form.set('cook_time', value)}
          />
        </div>
        <CheckboxField
          label="Показывать гостям"
          checked={draft.active}
          onChange={(value) => form.set('active', value)}
        />

        <PhotoField
          label="Фото блюда"
          value={draft.img}
          alt={`Фото блюда «${draft.name || 'новое'}»`}
          upload={(dataUrl) => staffCall(uploadMenuPhotoCall, { data_url: dataUrl })}
          onChange={(img) => form.set('img', img)}
        />

        <fieldset className="manage-menu__group">
          <legend>Метки</legend>
          <div className="manage-menu__checks">
            {DISH_LABELS.map((label) => (
              <CheckboxField
                key={label}
                label={DISH_LABEL_NAMES[label]}
                checked={draft.labels.includes(label)}
                onChange={(on) => form.set('labels', toggled(draft.labels, label, on, DISH_LABELS))}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="manage-menu__group">
          <legend>Опции</legend>
          {draft.options.length === 0 ? <p className="staff-field__hint">Опций нет.</p> : null}
          {draft.options.map((option, index) => (
            <div
              key={option.id ?? `new-${index}`}
              className="manage-menu__option"
              role="group"
              aria-label={`Опция ${index + 1}`}
            >
              <TextField
                label={`Название опции ${index + 1}`}
                value={option.name}
                maxLength={MENU_EDIT_LIMITS.optionName}
                onChange={(value) => setOption(index, { name: value })}
              />
              <MoneyField
                label="Доплата, ₽"
                value={option.price}
                max={MENU_EDIT_LIMITS.price}
                onChange={(value) => setOption(index, { price: value })}
              />
              <CheckboxField
                label="Количеством"
                checked={option.multicheck}
                onChange={(value) => setOption(index, { multicheck: value, max: value ? Math.max(option.max, 1) : 1 })}
              />
              {option.multicheck ? (
                <NumberField
                  label="Не больше"
                  value={option.max}
                  min={1}
                  max={MENU_EDIT_LIMITS.optionMax}
                  onChange={(value) => setOption(index, { max: value })}
                />
              ) : null}
              <CheckboxField
                label="Недоступна"
                checked={option.disabled}
                onChange={(value) => setOption(index, { disabled: value })}
              />
              <button
                type="button"
                className="staff-button staff-button--ghost"
                aria-label={`Убрать опцию ${index + 1}`}
                onClick={() =>
                  form.set(
                    'options',
                    draft.options.filter((_, at) => at !== index),
                  )
                }
              >
                Убрать
              </button>
            </div>
          ))}
          <button
            type="button"
            className="staff-button staff-button--secondary"
            disabled={draft.options.length >= MENU_EDIT_LIMITS.options}
            onClick={() => form.set('options', [...draft.options, blankOption()])}
          >
            Добавить опцию
          </button>
        </fieldset>
      </fieldset>

      <fieldset className="manage-menu__group" disabled={dish.archived}>
        <legend>Где есть</legend>
        <div className="manage-menu__checks">
          {offering.map((restaurant) =>
            menu.can_edit ? (
              <CheckboxField
                key={restaurant.id}
                label={restaurant.name}
                checked={draft.restaurant_ids.includes(restaurant.id)}
                onChange={(on) =>
                  form.set(
                    'restaurant_ids',
                    toggled(
                      draft.restaurant_ids,
                      restaurant.id,
                      on,
                      offering.map((candidate) => candidate.id),
                    ),
                  )
                }
              />
            ) : restaurant.mine ? (
              <CheckboxField
                key={restaurant.id}
                label={restaurant.name}
                checked={draft.restaurant_ids.includes(restaurant.id)}
                onChange={(on) => void carry(restaurant.id, on)}
              />
            ) : null,
          )}
        </div>
      </fieldset>

      {form.stale ? (
        <StaleNotice
          stale={form.stale}
          labels={DISH_LABELS_RU}
          show={(key, value) => dishValueText(menu, key, value)}
          onTake={form.takeCurrent}
        />
      ) : null}
      {note ? <p role="status">{note}</p> : null}
      {editable ? (
        <div className="manage-menu__actions">
          <SaveBar form={form} savedOnce={savedOnce} />
          {!isNew ? (
            confirming ? (
              <span className="manage-menu__confirm">
                <span>Блюдо из заказов уйдёт в архив, остальное удалится.</span>
                <button type="button" className="staff-button staff-button--danger" onClick={() => void remove()}>
                  Да, убрать
                </button>
                <button type="button" className="staff-button staff-button--ghost" onClick={() => setConfirming(false)}>
                  Нет
                </button>
              </span>
            ) : (
              <button type="button" className="staff-button staff-button--ghost" onClick={() => setConfirming(true)}>
                Убрать из меню
              </button>
            )
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
