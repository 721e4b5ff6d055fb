import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  COUPON_MAX_AMOUNT,
  COUPON_MAX_MIN_SUM,
  COUPON_MAX_USES,
  COUPON_TITLE_MAX_LENGTH,
  type CouponKind,
  staffCouponsCall,
  staffCouponUsesCall,
  staffCreateCouponCall,
  staffSaveCouponCall,
  type StaffCoupon,
} from '@chain/contract';
import {
  businessDay,
  COUPON_CODE_MAX_LENGTH,
  isoDateText,
  formatMoney,
  ORDER_TYPE_TITLES,
  ORDER_TYPES,
} from '@chain/domain';
import { failureText, staffCall } from '../../api';
import { NotLoaded, StaffError } from '../../staff-error';
import { useStaffData } from '../../use-staff-data';
import type { ManageScreenProps } from '../areas';
import { CheckboxField, MoneyField, NumberField, SaveBar, SelectField, StaleNotice, TextField } from '../fields';
import { useVersionedForm } from '../versioned-form';
import {
  blankCoupon,
  type CouponDraft,
  couponDates,
  couponFieldsOf,
  couponPlaces,
  couponTerms,
  couponUsesText,
  toggled,
} from './coupons-model';

const KIND_OPTIONS: readonly { value: CouponKind; label: string }[] = [
  { value: 'percent', label: 'Процент от суммы заказа' },
  { value: 'amount', label: 'Фиксированная сумма' },
];

const LABELS: Partial<Record<keyof CouponDraft, string>> = {
  code: 'Код',
  title: 'Название',
  kind: 'Вид скидки',
  percent: 'Процент',
  amount: 'Сумма скидки',
  min_sum: 'Минимальная сумма заказа',
  active_from: 'Действует с',
  active_to: 'Действует по',
  max_uses: 'Всего использований',
  once_per_user: 'Один раз для каждого гостя',
  restaurant_ids: 'Рестораны',
  order_types: 'Способы получения',
  active: 'Включён',
};

/** What opens above the list; `read` counts the presses of «Использования», each a fresh read. */
type Editing =
  { mode: 'new' } | { mode: 'edit'; coupon: StaffCoupon } | { mode: 'uses'; coupon: StaffCoupon; read: number } | null;

/** A date field (the browser's date picker; the value is YYYY-MM-DD). */
function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" required value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** Creating or editing one coupon: a versioned form (decision 043). */
function CouponForm({
  initial,
  session,
  justSaved,
  onDone,
}: {
  initial: CouponDraft;
  session: ManageScreenProps['session'];
  /** The coupon was just saved (created): «Сохранено.» until it is changed again. */
  justSaved: boolean;
  onDone: (saved: StaffCoupon) => void;
}) {
  const creating = initial.id === 0;
  const [savedOnce, setSavedOnce] = useState(justSaved);
  const form = useVersionedForm<CouponDraft>(
    initial,
    (draft) =>
      creating
        ? staffCall(staffCreateCouponCall, couponFieldsOf(draft))
        : staffCall(
            staffSaveCouponCall,
            { ...couponFieldsOf(draft), version: draft.version },
            { params: { id: draft.id } },
          ),
    (saved) => {
      setSavedOnce(true);
      onDone(saved);
    },
  );
  const { draft, set } = form;
  const restaurants = session.me.restaurants;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form className="staff-card coupon-form" onSubmit={submit} aria-labelledby="coupon-form-title">
      <h2 id="coupon-form-title">{creating ? 'Новый купон' : `Купон ${initial.code}`}</h2>
      {form.stale ? <StaleNotice stale={form.stale} labels={LABELS} onTake={form.takeCurrent} /> : null}
      <div className="coupon-form__grid">
        <TextField
          label="Код"
          hint="Гость вводит его в корзине; регистр и пробелы не важны."
          value={draft.code}
          maxLength={COUPON_CODE_MAX_LENGTH}
          onChange={(value) => set('code', value)}
        />
        <TextField
          label="Название"
          hint="Для сотрудников и в ответе приложения."
          value={draft.title}
          maxLength={COUPON_TITLE_MAX_LENGTH}
          onChange={(value) => set('title', value)}
        />
        <SelectField
          label="Вид скидки"
          value={draft.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => {
            set('kind', kind);
            set('percent', kind === 'percent' ? draft.percent || 10 : 0);
            set('amount', kind === 'amount' ? draft.amount || 10_000 : 0);
          }}
        />
        {draft.kind === 'percent' ? (
          <NumberField
            label="Процент"
            hint="Отрицательный — наценка."
            value={draft.percent}
            min={-100}
            max={100}
            onChange={(value) => set('percent', value)}
          />
        ) : (
          <MoneyField
            label="Сумма скидки, ₽"
            hint="Не больше суммы блюд заказа; доставка оплачивается."
            value={draft.amount}
            max={COUPON_MAX_AMOUNT}
            onChange={(value) => set('amount', value)}
          />
        )}
        <MoneyField
          label="Минимальная сумма заказа, ₽"
          hint="0 — любая сумма."
          value={draft.min_sum}
          max={COUPON_MAX_MIN_SUM}
          onChange={(value) => set('min_sum', value)}
        />
        <NumberField
          label="Всего использований"
          hint="Пусто — без ограничения."
          value={draft.max_uses ?? Number.NaN}
          min={1}
          max={COUPON_MAX_USES}
          onChange={(value) => set('max_uses', Number.isFinite(value) ? value : null)}
        />
        <DateField label="Действует с" value={draft.active_from} onChange={(value) => set('active_from', value)} />
        <DateField label="Действует по" value={draft.active_to} onChange={(value) => set('active_to', value)} />
      </div>
      <CheckboxField
        label="Один раз для каждого гостя"
        checked={draft.once_per_user}
        onChange={(checked) => set('once_per_user', checked)}
      />
      <fieldset className="coupon-form__set">
        <legend>Рестораны</legend>
        {session.me.chain ? (
          <CheckboxField
            label="Во всех ресторанах"
            checked={draft.restaurant_ids === null}
            onChange={(checked) => set('restaurant_ids', checked ? null : restaurants.map((r) => r.id))}
          />
        ) : null}
        {draft.restaurant_ids !== null
          ? restaurants.map((restaurant) => (
              <CheckboxField
                key={restaurant.id}
                label={restaurant.name}
                checked={draft.restaurant_ids?.includes(restaurant.id) ?? false}
                onChange={(checked) =>
                  set('restaurant_ids', toggled(draft.restaurant_ids ?? [], restaurant.id, checked))
                }
              />
            ))
          : null}
      </fieldset>
      <fieldset className="coupon-form__set">
        <legend>Способы получения заказа</legend>
        {ORDER_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={ORDER_TYPE_TITLES[type]}
            checked={draft.order_types.includes(type)}
            onChange={(checked) =>
              set(
                'order_types',
                ORDER_TYPES.filter((candidate) =>
                  candidate === type ? checked : draft.order_types.includes(candidate),
                ),
              )
            }
          />
        ))}
      </fieldset>
      <CheckboxField
        label="Купон включён"
        hint="Выключенный купон гостям не действует; заказы с ним остаются."
        checked={draft.active}
        onChange={(checked) => set('active', checked)}
      />
      <SaveBar form={form} savedOnce={savedOnce} />
    </form>
  );
}

/** A coupon's uses: its totals and its last orders. */
function CouponUses({ coupon }: { coupon: StaffCoupon }) {
  const history = useStaffData(
    () => staffCall(staffCouponUsesCall, { params: { id: coupon.id } }),
    `coupon-uses-${coupon.id}-${coupon.version}`,
  );
  if (!history.data)
    return <NotLoaded error={history.error} loading="Загружаем использования…" onRetry={history.reload} />;
  const { stats, uses } = history.data;
  return (
    <section className="staff-card" aria-labelledby="coupon-uses-title">
      <h2 id="coupon-uses-title">Использования купона {coupon.code}</h2>
      <p>
        Использован: <strong>{couponUsesText(stats.uses, coupon.max_uses)}</strong>, оплачено заказов:{' '}
        <strong>{stats.paid_uses}</strong>, скидка по оплаченным: <strong>{formatMoney(stats.discount_given)}</strong>
      </p>
      {uses.length === 0 ? (
        <p className="staff-empty">Купон ещё не использовали.</p>
      ) : (
        <table className="coupon-table">
          <thead>
            <tr>
              <th scope="col">Заказ</th>
              <th scope="col">Ресторан</th>
              <th scope="col">Когда</th>
              <th scope="col">Сумма</th>
              <th scope="col">Скидка</th>
              <th scope="col">Оплата</th>
            </tr>
          </thead>
          <tbody>
            {uses.map((use) => (
              <tr key={use.order_id}>
                <td>{use.znumber}</td>
                <td>{use.restaurant}</td>
                <td>{new Date(use.created_at).toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' })}</td>
                <td>{formatMoney(use.sum)}</td>
                <td>{formatMoney(use.discount)}</td>
                <td>{use.cancelled ? 'Отменён' : use.paid ? 'Оплачен' : 'Не оплачен'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The back office's coupons (issue 31): the list with uses and money, a form to create or edit, switching off. */
export default function CouponsScreen({ session }: ManageScreenProps) {
  const list = useStaffData(() => staffCall(staffCouponsCall), 'coupons');
  const [editing, setEditing] = useState<Editing>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const restaurants = session.me.restaurants;
  // The business day (before 06:00 still yesterday's), the day the server checks a coupon's dates
  // against: a coupon made at night «from today» applies at once, not from 06:00.
  const todayText = isoDateText(businessDay(new Date()));
  // The form or the uses open above the list: a press far down the list brings them into view.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing !== null && panel.current && 'scrollIntoView' in panel.current)
      panel.current.scrollIntoView({ block: 'nearest' });
  }, [editing]);
  const [usesRead, setUsesRead] = useState(0);

  const switchActive = async (coupon: StaffCoupon) => {
    setError(null);
    try {
      await staffCall(
        staffSaveCouponCall,
        { ...couponFieldsOf(coupon), active: !coupon.active, version: coupon.version },
        { params: { id: coupon.id } },
      );
    } catch (failure) {
      setError(failureText(failure));
    }
    list.reload();
  };

  return (
    <section className="coupons-screen" aria-labelledby="coupons-title">
      <div className="coupons-screen__head">
        <h1 id="coupons-title">Купоны</h1>
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => setEditing({ mode: 'new' })}
        >
          Новый купон
        </button>
      </div>
      <StaffError text={error} />
      <div ref={panel}>
        {editing?.mode === 'new' || editing?.mode === 'edit' ? (
          <CouponForm
            key={editing.mode === 'edit' ? `${editing.coupon.id}` : 'new'}
            initial={
              editing.mode === 'edit'
                ? editing.coupon
                : blankCoupon(todayText, session.me.chain ? null : restaurants.map((r) => r.id))
            }
            session={session}
            justSaved={editing.mode === 'edit' && editing.coupon.id === savedId}
            onDone={(saved) => {
              setSavedId(saved.id);
              setEditing({ mode: 'edit', coupon: saved });
              list.reload();
            }}
          />
        ) : null}
        {editing?.mode === 'uses' ? <CouponUses key={editing.read} coupon={editing.coupon} /> : null}
      </div>
      {!list.data ? (
        <NotLoaded error={list.error} loading="Загружаем купоны…" onRetry={list.reload} />
      ) : list.data.coupons.length === 0 ? (
        <p className="staff-empty">Купонов пока нет.</p>
      ) : (
        <ul className="coupon-list">
          {list.data.coupons.map(({ coupon, stats }) => (
            <li key={coupon.id} className="staff-card coupon-list__item" aria-label={`Купон ${coupon.code}`}>
              <div className="coupon-list__main">
                <strong className="coupon-list__code">{coupon.code}</strong> <span>{coupon.title}</span>
                <span className={coupon.active ? 'coupon-list__state' : 'coupon-list__state coupon-list__state--off'}>
                  {coupon.active ? 'Включён' : 'Выключен'}
                </span>
                <div>
                  {couponTerms(coupon)} · {couponDates(coupon)}
                </div>
                <div className="coupon-list__places">{couponPlaces(coupon, restaurants)}</div>
                <div>
                  Использований: <strong>{couponUsesText(stats.uses, coupon.max_uses)}</strong> · скидка по оплаченным:{' '}
                  <strong>{formatMoney(stats.discount_given)}</strong>
                </div>
              </div>
              <div className="coupon-list__actions">
                <button
                  type="button"
                  className="staff-button staff-button--secondary"
                  onClick={() => {
                    setSavedId(null);
                    setEditing({ mode: 'edit', coupon });
                  }}
                >
                  Изменить
                </button>
                <button
                  type="button"
                  className="staff-button staff-button--ghost"
                  onClick={() => {
                    // The uses and the list's totals read now, so the two agree (orders came since the list was read).
                    setUsesRead(usesRead + 1);
                    setEditing({ mode: 'uses', coupon, read: usesRead + 1 });
                    list.reload();
                  }}
                >
                  Использования
                </button>
                <button
                  type="button"
                  className="staff-button staff-button--ghost"
                  onClick={() => void switchActive(coupon)}
                >
                  {coupon.active ? 'Выключить' : 'Включить'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
