import { useState } from 'react';
import { STOP_REASON_MAX_LENGTH, staffLockCall, staffMenuCall, staffStopCall, type StaffMenu } from '@chain/contract';
import { formatMoney } from '@chain/domain';
import { failureText, staffCall } from './api';
import { staleCurrent } from './manage/versioned-form';
import { useStaffData } from './use-staff-data';
import { NotLoaded, StaffError } from './staff-error';

type Dish = StaffMenu['categories'][number]['dishes'][number];

/**
 * The restaurant's stop list (issue 17): a dish or an option off and on, with a reason; lock codes
 * for chain managers. It lists what the restaurant's guests can be offered (decision 054): the
 * hidden categories are only named, the dishes the restaurant does not carry left out.
 */
export function StopListPage({ restaurantId, chainManager }: { restaurantId: number; chainManager: boolean }) {
  const menu = useStaffData(() => staffCall(staffMenuCall, { params: { id: restaurantId } }), `menu-${restaurantId}`);
  const [filter, setFilter] = useState('');
  if (!menu.data) return <NotLoaded error={menu.error} loading="Загружаем меню…" onRetry={menu.reload} />;
  const data = menu.data;
  const replace = (dish: Dish) =>
    menu.set({
      ...data,
      categories: data.categories.map((category) => ({
        ...category,
        dishes: category.dishes.map((entry) => (entry.id === dish.id ? dish : entry)),
      })),
    });
  const needle = filter.trim().toLowerCase();
  const stoppedCount = data.categories.reduce(
    (sum, category) => sum + category.dishes.filter((dish) => dish.stopped).length,
    0,
  );
  return (
    <div className="stop-list">
      <h1>Стоп-лист</h1>
      <p>
        На стопе: <strong>{stoppedCount}</strong>. Гости видят изменения сразу.
      </p>
      {data.hidden_categories.length > 0 ? (
        <p className="staff-field__hint stop-list__hidden">
          {data.hidden_categories.length === 1 ? 'Категория скрыта от гостей' : 'Категории скрыты от гостей'}, их блюд
          здесь нет: {data.hidden_categories.map((name) => `«${name}»`).join(', ')}.
        </p>
      ) : null}
      <label className="staff-field staff-field--inline">
        <span>Найти блюдо</span>
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      {data.categories.map((category) => {
        const dishes = category.dishes.filter((dish) => needle === '' || dish.name.toLowerCase().includes(needle));
        if (dishes.length === 0) return null;
        return (
          <section key={category.id} aria-labelledby={`category-${category.id}`}>
            <h2 id={`category-${category.id}`}>{category.name}</h2>
            <ul className="stop-list__dishes">
              {dishes.map((dish) => (
                <DishRow
                  key={dish.id}
                  restaurantId={restaurantId}
                  dish={dish}
                  chainManager={chainManager}
                  onChanged={replace}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function DishRow({
  restaurantId,
  dish,
  chainManager,
  onChanged,
}: {
  restaurantId: number;
  dish: Dish;
  chainManager: boolean;
  onChanged: (dish: Dish) => void;
}) {
  const [reason, setReason] = useState(dish.reason);
  const [code, setCode] = useState(dish.lock_code);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<Dish>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(await work());
    } catch (failure) {
      setError(failureText(failure));
      // A lock code saved over a dish changed since (409): the dish as it is now, its code in the field.
      const current = staleCurrent<Dish>(failure);
      if (current) {
        onChanged(current);
        setCode(current.lock_code);
      }
    } finally {
      setBusy(false);
    }
  };
  const stop = (stopped: boolean, optionId: number | null = null) =>
    run(() =>
      staffCall(
        staffStopCall,
        { dish_id: dish.id, option_id: optionId, stopped, ...(optionId === null && stopped ? { reason } : {}) },
        { params: { id: restaurantId } },
      ),
    );
  return (
    <li className={dish.stopped ? 'stop-dish stop-dish--stopped' : 'stop-dish'}>
      <div className="stop-dish__main">
        <span className="stop-dish__name">
          {dish.name} <span className="stop-dish__price">{formatMoney(dish.price)}</span>
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={dish.stopped}
          aria-label={`${dish.name}: на стопе`}
          className={dish.stopped ? 'staff-toggle staff-toggle--on' : 'staff-toggle'}
          aria-busy={busy || undefined}
          onClick={() => void stop(!dish.stopped)}
        >
          {dish.stopped ? 'На стопе' : 'В продаже'}
        </button>
      </div>
      {!dish.stopped ? (
        <label className="staff-field staff-field--inline">
          <span>Причина (для сотрудников)</span>
          <input
            value={reason}
            maxLength={STOP_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      ) : dish.reason ? (
        <p className="stop-dish__reason">{dish.reason}</p>
      ) : null}
      {dish.options.length > 0 ? (
        <ul className="stop-dish__options" aria-label={`Опции блюда ${dish.name}`}>
          {dish.options.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                role="switch"
                aria-checked={option.stopped}
                aria-label={`${option.name}: на стопе`}
                className={
                  option.stopped
                    ? 'staff-toggle staff-toggle--on staff-toggle--small'
                    : 'staff-toggle staff-toggle--small'
                }
                onClick={() => void stop(!option.stopped, option.id)}
              >
                {option.name}: {option.stopped ? 'на стопе' : 'есть'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {chainManager ? (
        <form
          className="stop-dish__lock"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() =>
              staffCall(
                staffLockCall,
                { version: dish.version, locked: code.trim() !== '', code: code.trim() },
                { params: { id: restaurantId, dish: dish.id } },
              ),
            );
          }}
        >
          <label className="staff-field staff-field--inline">
            <span>Код доступа (пусто — без кода)</span>
            <input value={code} maxLength={32} onChange={(event) => setCode(event.target.value)} />
          </label>
          <button type="submit" className="staff-button staff-button--secondary">
            Сохранить код
          </button>
        </form>
      ) : null}
      <StaffError text={error} />
    </li>
  );
}
