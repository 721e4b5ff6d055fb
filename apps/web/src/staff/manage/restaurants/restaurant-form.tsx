import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  manageArchiveRestaurantCall,
  manageCloseRestaurantCall,
  manageCreateRestaurantCall,
  manageKioskCodeCall,
  manageSaveRestaurantCall,
  manageUploadRestaurantPhotoCall,
  type ManageRestaurant,
} from '@chain/contract';
import {
  CLOSED_TEXT_MAX_LENGTH,
  KIOSK_CODE_PATTERN,
  MENU_KIND_NAMES,
  MENU_KINDS,
  type MenuKind,
  weekdayName,
} from '@chain/domain';
import { useNow } from '../../../ui/use-now';
import { failureText, staffCall } from '../../api';
import { CheckboxField, MoneyField, NumberField, SaveBar, SelectField, StaleNotice, TextField } from '../fields';
import { PhotoField } from '../photo-field';
import { useVersionedForm } from '../versioned-form';
import { RestaurantPointField } from './restaurant-point-map';
import {
  closedUntilInstant,
  localDateTime,
  pastMidnight,
  restaurantFields,
  restaurantStatus,
  restaurantValueText,
  RUSSIAN_TIME_ZONES,
  WEEKDAYS,
  withDayHours,
} from './restaurant-form-model';

const LABELS: Partial<Record<keyof ManageRestaurant, string>> = {
  name: 'Название',
  name_short: 'Короткое название',
  address: 'Адрес',
  lat: 'Широта',
  lon: 'Долгота',
  phone: 'Телефон',
  email: 'Эл. почта',
  time_zone: 'Часовой пояс',
  hours: 'Часы работы',
  holidays: 'Особые дни',
  active: 'Показывать гостям',
  menu_kinds: 'Меню',
  img: 'Фото',
};

/** One restaurant's form (issue 31): a save of everything but «закрыть на время», the kiosk code and the archive, which act at once. */
export function RestaurantForm({ initial, chain }: { initial: ManageRestaurant; chain: boolean }) {
  const [, navigate] = useLocation();
  const creating = initial.id === 0;
  const [savedOnce, setSavedOnce] = useState(false);
  const form = useVersionedForm(
    initial,
    (draft) =>
      creating
        ? staffCall(manageCreateRestaurantCall, restaurantFields(draft))
        : staffCall(
            manageSaveRestaurantCall,
            { ...restaurantFields(draft), version: draft.version },
            { params: { id: draft.id } },
          ),
    (saved) => {
      setSavedOnce(true);
      if (creating) navigate(`/manage/restaurants?r=${saved.id}`);
    },
  );
  const { draft, set } = form;
  const archived = draft.archived_at !== null;
  const now = useNow(30_000);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <section aria-labelledby="restaurant-title" className="restaurant-form">
      <p>
        <Link href="/manage/restaurants">← Все рестораны</Link>
      </p>
      <h1 id="restaurant-title">{creating ? 'Новый ресторан' : draft.name || 'Ресторан'}</h1>
      {!creating ? (
        <p className="restaurant-form__status">{restaurantStatus(form.draft, now, draft.time_zone).text}</p>
      ) : null}
      {archived ? (
        <p className="staff-error">Ресторан в архиве: гости его не видят. Верните его из архива, чтобы изменить.</p>
      ) : null}
      {!creating && !archived ? <CloseForNow restaurant={form.draft} dirty={form.dirty} onSaved={form.load} /> : null}
      <form onSubmit={onSubmit} aria-label={creating ? 'Новый ресторан' : `Ресторан ${initial.name}`}>
        {form.stale ? (
          <StaleNotice stale={form.stale} labels={LABELS} show={restaurantValueText} onTake={form.takeCurrent} />
        ) : null}
        <fieldset className="staff-card restaurant-form__section" disabled={archived}>
          <legend>Основное</legend>
          <div className="restaurant-form__grid">
            <TextField label="Название" value={draft.name} maxLength={120} onChange={(value) => set('name', value)} />
            <TextField
              label="Короткое название"
              hint="На карте и в выборе ресторана"
              value={draft.name_short}
              maxLength={40}
              onChange={(value) => set('name_short', value)}
            />
            <TextField label="Телефон" value={draft.phone} maxLength={40} onChange={(value) => set('phone', value)} />
            <TextField
              label="Эл. почта"
              value={draft.email}
              maxLength={120}
              onChange={(value) => set('email', value)}
            />
            <SelectField
              label="Часовой пояс"
              hint="Часы работы — по часам ресторана"
              value={draft.time_zone}
              options={[...new Set([...RUSSIAN_TIME_ZONES, draft.time_zone])].map((zone) => ({
                value: zone,
                label: zone,
              }))}
              onChange={(value) => set('time_zone', value)}
            />
            <NumberField
              label="Мест в зале"
              value={draft.seating}
              min={0}
              max={10000}
              onChange={(value) => set('seating', value)}
            />
          </div>
          <TextField
            label="О ресторане"
            multiline
            value={draft.about}
            maxLength={2000}
            onChange={(value) => set('about', value)}
          />
          <CheckboxField
            label="Показывать гостям"
            hint="Снимите, чтобы скрыть ресторан из списков"
            checked={draft.active}
            onChange={(value) => set('active', value)}
          />
        </fieldset>

        <fieldset className="staff-card restaurant-form__section" disabled={archived}>
          <legend>Фото для гостей</legend>
          <p className="staff-field__hint">
            Гости видят его в списке ресторанов и на странице «О ресторане». Фото меняется, когда форма сохранена.
          </p>
          <PhotoField
            label="Фото ресторана"
            value={draft.img}
            alt={`Фото ресторана «${draft.name || 'новый'}»`}
            upload={(dataUrl) => staffCall(manageUploadRestaurantPhotoCall, { data_url: dataUrl })}
            onChange={(img) => set('img', img)}
          />
        </fieldset>

        <fieldset className="staff-card restaurant-form__section" disabled={archived}>
          <legend>Адрес на карте</legend>
          <TextField label="Адрес" value={draft.address} maxLength={300} onChange={(value) => set('address', value)} />
          <RestaurantPointField
            value={{ address: draft.address, lat: draft.lat, lon: draft.lon }}
            onChange={(point) => {
              set('address', point.address);
              set('lat', point.lat);
              set('lon', point.lon);
            }}
          />
        </fieldset>

        <fieldset className="staff-card restaurant-form__section" disabled={archived}>
          <legend>Часы работы</legend>
          <p className="staff-field__hint">
            Закрытие позже полуночи — до 06:00 следующего утра (например, 10:00–02:00). С 06:00 до 06:00 —
            круглосуточно.
          </p>
          <HoursGrid hours={draft.hours} onChange={(hours) => set('hours', hours)} />
        </fieldset>

        <fieldset className="staff-card restaurant-form__section" disabled={archived}>
          <legend>Особые дни</legend>
          <HolidayList holidays={draft.holidays} onChange={(holidays) => set('holidays', holidays)} />
        </fieldset>

        <fieldset className="staff-card restaurant-form__section" disabled={archived}>
          <legend>Заказы и услуги</legend>
          <div className="restaurant-form__checks">
            <CheckboxField
              label="Заказ за столом"
              checked={draft.delivery_rest}
              onChange={(value) => set('delivery_rest', value)}
            />
            <CheckboxField
              label="Самовывоз"
              checked={draft.delivery_self}
              onChange={(value) => set('delivery_self', value)}
            />
            <CheckboxField
              label="Доставка курьером"
              hint="Зоны — в разделе «Зоны доставки»"
              checked={draft.delivery_courier}
              onChange={(value) => set('delivery_courier', value)}
            />
            <CheckboxField label="Оплата через СБП" checked={draft.sbp} onChange={(value) => set('sbp', value)} />
            <CheckboxField label="Винная карта" checked={draft.winecard} onChange={(value) => set('winecard', value)} />
          </div>
          <div role="group" aria-label="Меню ресторана" className="restaurant-form__checks">
            {MENU_KINDS.map((kind) => (
              <CheckboxField
                key={kind}
                label={`Меню: ${MENU_KIND_NAMES[kind]}`}
                checked={draft.menu_kinds.includes(kind)}
                onChange={(on) =>
                  set(
                    'menu_kinds',
                    on ? [...draft.menu_kinds, kind] : draft.menu_kinds.filter((known: MenuKind) => known !== kind),
                  )
                }
              />
            ))}
          </div>
          <div className="restaurant-form__grid">
            <NumberField
              label="Самовывоз: дней вперёд"
              value={draft.delivery_days}
              min={0}
              max={60}
              onChange={(value) => set('delivery_days', value)}
            />
            <NumberField
              label="Доставка: дней вперёд"
              value={draft.delivery_days_true}
              min={0}
              max={60}
              onChange={(value) => set('delivery_days_true', value)}
            />
            <MoneyField
              label="Минимум за столом, ₽"
              value={draft.min_order_sum_inrest}
              onChange={(value) => set('min_order_sum_inrest', value)}
            />
            <MoneyField
              label="Минимум самовывоза, ₽"
              value={draft.min_order_sum_self}
              onChange={(value) => set('min_order_sum_self', value)}
            />
            <MoneyField
              label="Минимум с товарами магазина за столом, ₽"
              value={draft.min_order_sum_shop_inrest}
              onChange={(value) => set('min_order_sum_shop_inrest', value)}
            />
            <MoneyField
              label="Минимум с товарами магазина, самовывоз, ₽"
              value={draft.min_order_sum_shop_self}
              onChange={(value) => set('min_order_sum_shop_self', value)}
            />
          </div>
        </fieldset>
        {!archived ? (
          <SaveBar
            form={form}
            savedOnce={savedOnce}
            disabled={!Number.isFinite(draft.seating) || !Number.isFinite(draft.min_order_sum_self)}
          />
        ) : null}
      </form>

      {!creating ? (
        <>
          <KioskCode
            restaurant={form.draft}
            onChanged={(kiosk) => form.load({ ...form.draft, ...kiosk })}
            dirty={form.dirty}
          />
          <section className="staff-card restaurant-form__section" aria-labelledby="restaurant-tables">
            <h2 id="restaurant-tables">Столы</h2>
            <Link href={`/r/${draft.id}/tables`} className="staff-button staff-button--secondary">
              QR-коды столов
            </Link>
          </section>
          {chain ? <Archive restaurant={form.draft} dirty={form.dirty} onSaved={form.load} /> : null}
        </>
      ) : null}
    </section>
  );
}

function HoursGrid({
  hours,
  onChange,
}: {
  hours: ManageRestaurant['hours'];
  onChange: (hours: ManageRestaurant['hours']) => void;
}) {
  return (
    <table className="restaurant-hours">
      <thead>
        <tr>
          <th scope="col">День</th>
          <th scope="col">Работает</th>
          <th scope="col">Открытие</th>
          <th scope="col">Закрытие</th>
          <th scope="col" className="staff-visually-hidden">
            Примечание
          </th>
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((day) => {
          const entry = hours.find((candidate) => candidate.day === day);
          const name = weekdayName(day);
          return (
            <tr key={day}>
              <th scope="row">{name}</th>
              <td>
                <label className="staff-check">
                  <input
                    type="checkbox"
                    aria-label={`${name}: работает`}
                    checked={entry !== undefined}
                    onChange={(event) =>
                      onChange(withDayHours(hours, day, event.target.checked ? { from: '10:00', to: '22:00' } : null))
                    }
                  />
                </label>
              </td>
              <td>
                {entry ? (
                  <input
                    type="time"
                    aria-label={`${name}: открытие`}
                    value={entry.from}
                    onChange={(event) => onChange(withDayHours(hours, day, { from: event.target.value, to: entry.to }))}
                  />
                ) : (
                  '—'
                )}
              </td>
              <td>
                {entry ? (
                  <input
                    type="time"
                    aria-label={`${name}: закрытие`}
                    value={entry.to}
                    onChange={(event) =>
                      onChange(withDayHours(hours, day, { from: entry.from, to: event.target.value }))
                    }
                  />
                ) : (
                  'выходной'
                )}
              </td>
              <td className="staff-field__hint">
                {entry && pastMidnight(entry.from, entry.to) ? 'после полуночи' : ''}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function HolidayList({
  holidays,
  onChange,
}: {
  holidays: ManageRestaurant['holidays'];
  onChange: (holidays: ManageRestaurant['holidays']) => void;
}) {
  const put = (index: number, holiday: ManageRestaurant['holidays'][number]) =>
    onChange(holidays.map((known, at) => (at === index ? holiday : known)));
  return (
    <>
      {holidays.length === 0 ? <p className="staff-empty">Особых дней нет: ресторан работает по неделе.</p> : null}
      <ul className="restaurant-holidays">
        {holidays.map((holiday, index) => {
          const closed = holiday.from === null;
          const name = `Особый день ${index + 1}`;
          return (
            <li key={index} className="restaurant-holidays__row">
              <input
                type="date"
                aria-label={`${name}: дата`}
                value={holiday.date}
                onChange={(event) => put(index, { ...holiday, date: event.target.value })}
              />
              <label className="staff-check">
                <input
                  type="checkbox"
                  checked={closed}
                  onChange={(event) =>
                    put(index, {
                      ...holiday,
                      ...(event.target.checked ? { from: null, to: null } : { from: '10:00', to: '22:00' }),
                    })
                  }
                />
                <span>Закрыто весь день</span>
              </label>
              {!closed ? (
                <>
                  <input
                    type="time"
                    aria-label={`${name}: открытие`}
                    value={holiday.from ?? ''}
                    onChange={(event) => put(index, { ...holiday, from: event.target.value })}
                  />
                  <input
                    type="time"
                    aria-label={`${name}: закрытие`}
                    value={holiday.to ?? ''}
                    onChange={(event) => put(index, { ...holiday, to: event.target.value })}
                  />
                </>
              ) : null}
              <input
                aria-label={`${name}: примечание`}
                placeholder="Например, Новый год"
                maxLength={100}
                value={holiday.note}
                onChange={(event) => put(index, { ...holiday, note: event.target.value })}
              />
              <button
                type="button"
                className="staff-button staff-button--ghost"
                onClick={() => onChange(holidays.filter((_, at) => at !== index))}
              >
                Убрать
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="staff-button staff-button--secondary"
        disabled={holidays.length >= 60}
        onClick={() =>
          onChange([...holidays, { date: new Date().toISOString().slice(0, 10), from: null, to: null, note: '' }])
        }
      >
        Добавить особый день
      </button>
    </>
  );
}

const SAVE_FIRST = 'Сначала сохраните или отмените изменения формы.';

function CloseForNow({
  restaurant,
  dirty,
  onSaved,
}: {
  restaurant: ManageRestaurant;
  dirty: boolean;
  onSaved: (saved: ManageRestaurant) => void;
}) {
  const [until, setUntil] = useState(() =>
    localDateTime(Date.now() + 2 * 3_600_000, restaurant.time_zone).replace(/:\d{2}$/, ':00'),
  );
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const now = useNow(30_000);
  const status = restaurantStatus(restaurant, now, restaurant.time_zone);
  const closedNow = status.tone === 'warn';
  const send = async (closedUntil: string | null) => {
    setError('');
    try {
      onSaved(
        await staffCall(
          manageCloseRestaurantCall,
          { version: restaurant.version, closed_until: closedUntil, closed_text: text },
          { params: { id: restaurant.id } },
        ),
      );
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <section className="staff-card restaurant-form__section" aria-labelledby="restaurant-close">
      <h2 id="restaurant-close">Закрыть на время</h2>
      {closedNow ? (
        <p className="restaurants-manage__status restaurants-manage__status--warn" role="status">
          Гости видят: «{status.text}». Заказы не принимаются.
        </p>
      ) : (
        <p className="staff-field__hint">
          Гости увидят причину там, где выбирают ресторан и в меню; заказы не примутся до указанного времени. Потом
          ресторан откроется сам.
        </p>
      )}
      <div className="restaurant-form__grid">
        <div className="staff-field">
          <label htmlFor="restaurant-closed-until">Закрыто до</label>
          <input
            id="restaurant-closed-until"
            type="datetime-local"
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        </div>
        <TextField
          label="Что увидят гости"
          hint="Пусто — «Закрыто до …»"
          value={text}
          maxLength={CLOSED_TEXT_MAX_LENGTH}
          onChange={setText}
        />
      </div>
      {dirty ? <p className="staff-field__hint">{SAVE_FIRST}</p> : null}
      {error ? (
        <p className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="restaurant-form__actions">
        <button
          type="button"
          className="staff-button staff-button--danger"
          disabled={dirty}
          onClick={() => {
            const instant = closedUntilInstant(until, restaurant.time_zone);
            if (instant === null) setError('Укажите дату и время.');
            else void send(instant);
          }}
        >
          Закрыть до этого времени
        </button>
        {restaurant.closed_until !== null ? (
          <button
            type="button"
            className="staff-button staff-button--secondary"
            disabled={dirty}
            onClick={() => void send(null)}
          >
            Открыть сейчас
          </button>
        ) : null}
      </div>
    </section>
  );
}

function KioskCode({
  restaurant,
  dirty,
  onChanged,
}: {
  restaurant: ManageRestaurant;
  dirty: boolean;
  onChanged: (kiosk: Pick<ManageRestaurant, 'kiosk_code_set' | 'kiosks_connected'>) => void;
}) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const send = async (body: { code?: string | null; end_kiosks?: boolean }, done: (ended: number) => string) => {
    setError('');
    setMessage('');
    try {
      const answer = await staffCall(manageKioskCodeCall, body, { params: { id: restaurant.id } });
      onChanged({ kiosk_code_set: answer.kiosk_code_set, kiosks_connected: answer.kiosks_connected });
      setCode('');
      setMessage(done(answer.ended));
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const valid = KIOSK_CODE_PATTERN.test(code);
  return (
    <section className="staff-card restaurant-form__section" aria-labelledby="restaurant-kiosk">
      <h2 id="restaurant-kiosk">Код киоска</h2>
      <p>
        {restaurant.kiosk_code_set ? 'Код задан.' : 'Кода нет: киоск нельзя включить и выключить кодом.'} Подключено
        киосков: {restaurant.kiosks_connected}.
      </p>
      <div className="restaurant-form__grid">
        <TextField
          label="Новый код, 4–8 цифр"
          value={code}
          maxLength={8}
          onChange={(value) => setCode(value.replace(/\D/g, ''))}
          error={code !== '' && !valid ? 'Код — от 4 до 8 цифр.' : undefined}
        />
      </div>
      {dirty ? <p className="staff-field__hint">{SAVE_FIRST}</p> : null}
      <div className="restaurant-form__actions">
        <button
          type="button"
          className="staff-button staff-button--primary"
          disabled={!valid || dirty}
          onClick={() => void send({ code }, () => 'Код киоска задан.')}
        >
          Задать код
        </button>
        {restaurant.kiosk_code_set ? (
          <button
            type="button"
            className="staff-button staff-button--secondary"
            disabled={dirty}
            onClick={() => void send({ code: null }, () => 'Код киоска удалён.')}
          >
            Удалить код
          </button>
        ) : null}
        <button
          type="button"
          className="staff-button staff-button--danger"
          disabled={restaurant.kiosks_connected === 0 || dirty}
          onClick={() =>
            void send({ end_kiosks: true }, (ended) => `Отключено киосков: ${ended}. Каждый спросит код заново.`)
          }
        >
          Отключить все киоски
        </button>
      </div>
      <p role="status">{message}</p>
      {error ? (
        <p className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Archive({
  restaurant,
  dirty,
  onSaved,
}: {
  restaurant: ManageRestaurant;
  dirty: boolean;
  onSaved: (saved: ManageRestaurant) => void;
}) {
  const [error, setError] = useState('');
  const archived = restaurant.archived_at !== null;
  const send = async () => {
    setError('');
    try {
      onSaved(
        await staffCall(
          manageArchiveRestaurantCall,
          { version: restaurant.version, archived: !archived },
          { params: { id: restaurant.id } },
        ),
      );
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <section className="staff-card restaurant-form__section" aria-labelledby="restaurant-archive">
      <h2 id="restaurant-archive">Архив</h2>
      <p className="staff-field__hint">
        {archived
          ? 'Вернувшись из архива, ресторан останется скрытым от гостей, пока его не включат.'
          : 'Ресторан не удаляется: в архиве он скрыт от гостей, а заказы и отчёты его помнят.'}
      </p>
      <button
        type="button"
        className={`staff-button ${archived ? 'staff-button--secondary' : 'staff-button--danger'}`}
        disabled={dirty}
        onClick={() => void send()}
      >
        {archived ? 'Вернуть из архива' : 'Убрать в архив'}
      </button>
      {error ? (
        <p className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
