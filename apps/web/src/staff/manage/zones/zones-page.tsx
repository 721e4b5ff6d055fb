import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  BACKOFFICE_TEXTS,
  staffCreateZoneCall,
  staffExportZonesCall,
  staffImportZonesCall,
  staffRemoveZoneCall,
  staffSaveZoneCall,
  staffZoneActiveCall,
  staffZonesCall,
  type StaffZonesResponse,
  ZONE_TEXTS,
  type ZoneImportResult,
} from '@chain/contract';
import { type LonLat, ZONE_MAX_PERIODS, ZONE_NAME_MAX_LENGTH } from '@chain/domain';
import { ApiError } from '../../../api/client';
import { mapConfigQuery } from '../../../api/geo';
import { useQuery } from '../../../api/query-cache';
import { failureText, staffCall } from '../../api';
import { NotLoaded } from '../../staff-error';
import { useStaffData } from '../../use-staff-data';
import type { ManageScreenProps } from '../areas';
import { CheckboxField, MoneyField, NumberField, SaveBar, StaleNotice, TextField } from '../fields';
import { useVersionedForm } from '../versioned-form';
import {
  blankZone,
  colourInputValue,
  editOutline,
  fieldsProblem,
  type OutlineAction,
  outlinePoints,
  outlinePolygon,
  outlineProblem,
  overlapPairs,
  overlapping,
  withAlpha,
} from './zone-editor';
import { type EditedOutline, ZoneMap } from './zone-map';
import type { StaffZone } from './zone-types';

const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

const LABELS: Partial<Record<keyof StaffZone, string>> = {
  name: 'Название',
  color: 'Цвет',
  polygon: 'Граница',
  periods: 'Окна доставки',
  time_limit: 'Заказ за, минут до окна',
  min_order_sum_rest: 'Минимальная сумма, ресторан',
  min_order_sum_shop: 'Минимальная сумма, магазин',
  delivery_price: 'Стоимость доставки',
  free_delivery_from: 'Бесплатно от суммы',
  active: 'Включена',
};

/** The back office's delivery zones (issue 31): the restaurant's zones on the map, one edited at a time. */
export default function ZonesPage({ session }: ManageScreenProps) {
  const restaurants = session.me.restaurants;
  const [restaurantId, setRestaurantId] = useState(restaurants[0]?.id ?? 0);
  const data = useStaffData(() => staffCall(staffZonesCall, { params: { id: restaurantId } }), `zones-${restaurantId}`);
  const config = useQuery(mapConfigQuery);
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <section className="zones" aria-labelledby="zones-title">
      <header className="zones__head">
        <h1 id="zones-title">{ZONE_TEXTS.title}</h1>
        {restaurants.length > 1 ? (
          <label className="zones__restaurant">
            <span>Зоны ресторана</span>
            <select
              value={restaurantId}
              onChange={(event) => {
                setEditing(null);
                setRestaurantId(Number(event.target.value));
              }}
            >
              {restaurants.map((restaurant) => (
                <option key={restaurant.id} value={restaurant.id}>
                  {restaurant.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </header>
      {data.data === null ? (
        <NotLoaded error={data.error} loading="Загружаем зоны…" onRetry={data.reload} />
      ) : (
        <ZonesWorkspace
          key={restaurantId}
          restaurantId={restaurantId}
          data={data.data}
          config={config.status === 'ready' ? config.data : null}
          mapFailed={config.status === 'error'}
          editing={editing}
          setEditing={setEditing}
          reload={data.reload}
          set={data.set}
        />
      )}
    </section>
  );
}

/** The zone open in the form: the one it started as (null: a new one), and its id once saved. */
interface Editing {
  key: string;
  zone: StaffZone | null;
  zoneId: number | null;
}

interface WorkspaceProps {
  restaurantId: number;
  data: StaffZonesResponse;
  config: Parameters<typeof ZoneMap>[0]['config'] | null;
  mapFailed: boolean;
  editing: Editing | null;
  setEditing: (editing: Editing | null) => void;
  reload: () => void;
  set: (data: StaffZonesResponse) => void;
}

function ZonesWorkspace({ restaurantId, data, config, mapFailed, editing, setEditing, reload, set }: WorkspaceProps) {
  const [outline, setOutline] = useState<EditedOutline | null>(null);
  /** The corners as they are while one is dragged (the outline's own when none is). */
  const [live, setLive] = useState<readonly LonLat[] | null>(null);
  const place = { lat: data.restaurant.lat, lon: data.restaurant.lon, name: data.restaurant.name };
  const overlapKey = (
    outline
      ? overlapping(live ?? outline.points, data.zones, data.others, editing?.zoneId ?? null).map((found) => found.id)
      : []
  ).join(' ');
  // The same set while the same zones overlap, so a drag redraws no zone but on a change.
  const overlapIds = useMemo(() => new Set(overlapKey === '' ? [] : overlapKey.split(' ')), [overlapKey]);
  const replaceZone = (zone: StaffZone) =>
    set({
      ...data,
      zones: data.zones.some((z) => z.id === zone.id)
        ? data.zones.map((z) => (z.id === zone.id ? zone : z))
        : [...data.zones, zone],
    });

  return (
    <div className="zones__body">
      <div className="zones__side">
        {editing ? (
          <ZoneForm
            key={editing.key}
            restaurantId={restaurantId}
            zone={editing.zone}
            data={data}
            onOutline={setOutline}
            onLive={setLive}
            onSaved={(zone) => {
              replaceZone(zone);
              setEditing({ ...editing, zoneId: zone.id });
            }}
            onClose={() => {
              setOutline(null);
              setLive(null);
              setEditing(null);
            }}
            onRemoved={() => {
              setOutline(null);
              setLive(null);
              setEditing(null);
              reload();
            }}
          />
        ) : (
          <ZoneList
            restaurantId={restaurantId}
            data={data}
            onOpen={(zone) =>
              setEditing({ key: zone ? `zone-${zone.id}` : `new-${Date.now()}`, zone, zoneId: zone?.id ?? null })
            }
            onChanged={replaceZone}
            reload={reload}
          />
        )}
      </div>
      <div className="zones__map">
        {config ? (
          <ZoneMap
            config={config}
            place={place}
            zones={data.zones}
            others={data.others}
            editingId={editing?.zoneId ?? null}
            overlapIds={overlapIds}
            outline={editing ? outline : null}
          />
        ) : mapFailed ? (
          <p className="staff-error" role="alert">
            Карта не загрузилась. Обновите страницу.
          </p>
        ) : (
          <p className="staff-empty">Загружаем карту…</p>
        )}
      </div>
    </div>
  );
}

function ZoneList({
  restaurantId,
  data,
  onOpen,
  onChanged,
  reload,
}: {
  restaurantId: number;
  data: StaffZonesResponse;
  onOpen: (zone: StaffZone | null) => void;
  onChanged: (zone: StaffZone) => void;
  reload: () => void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const pairs = useMemo(() => overlapPairs(data.zones.filter((zone) => zone.active)), [data.zones]);

  const toggle = async (zone: StaffZone) => {
    setBusy(zone.id);
    setMessage('');
    try {
      const saved = await staffCall(
        staffZoneActiveCall,
        { active: !zone.active, version: zone.version },
        { params: { id: restaurantId, zone: zone.id } },
      );
      onChanged(saved);
      setMessage(`«${saved.name}»: ${saved.active ? ZONE_TEXTS.switchedOn : ZONE_TEXTS.switchedOff}`);
    } catch (failure) {
      setMessage(failureText(failure));
      if (failure instanceof ApiError && failure.status === 409) reload();
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="zones__actions">
        <button type="button" className="staff-button staff-button--primary" onClick={() => onOpen(null)}>
          Новая зона
        </button>
        <GeoJsonTools restaurantId={restaurantId} restaurantName={data.restaurant.name} onImported={reload} />
      </div>
      <p role="status" className="zones__status">
        {message}
      </p>
      {data.zones.length === 0 ? (
        <p className="staff-empty">Зон пока нет: нажмите «Новая зона» и отметьте точки границы на карте.</p>
      ) : null}
      <ul className="zones__list">
        {data.zones.map((zone) => (
          <li key={zone.id} className="zones__item staff-card">
            <span className="zones__swatch" style={{ background: colourInputValue(zone.color) }} aria-hidden="true" />
            <button
              type="button"
              className="zones__open"
              onClick={() => onOpen(zone)}
              aria-label={`Изменить зону «${zone.name}»`}
            >
              <strong>{zone.name}</strong>
              <span>{zone.active ? 'Доставляем' : 'Выключена'}</span>
            </button>
            <button
              type="button"
              className={`staff-toggle staff-toggle--small${zone.active ? '' : ' staff-toggle--on'}`}
              aria-pressed={zone.active}
              aria-label={`Зона «${zone.name}» включена`}
              disabled={busy === zone.id}
              onClick={() => void toggle(zone)}
            >
              {zone.active ? 'Вкл.' : 'Выкл.'}
            </button>
          </li>
        ))}
      </ul>
      {pairs.length > 0 ? (
        <div className="zones__overlaps" role="note">
          <p>Зоны пересекаются — адрес в общей части достаётся первой по порядку:</p>
          <ul>
            {pairs.map((pair) => (
              <li key={pair}>{pair}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

type ZoneRow = StaffZone;

function newZoneRow(restaurantId: number): ZoneRow {
  return { ...blankZone(), id: 0, restaurant_id: restaurantId, active: true, sort: 0, version: 1 };
}

function ZoneForm({
  restaurantId,
  zone,
  data,
  onOutline,
  onLive,
  onSaved,
  onClose,
  onRemoved,
}: {
  restaurantId: number;
  zone: StaffZone | null;
  data: StaffZonesResponse;
  onOutline: (outline: EditedOutline | null) => void;
  onLive: (points: readonly LonLat[] | null) => void;
  onSaved: (zone: StaffZone) => void;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [savedOnce, setSavedOnce] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removeError, setRemoveError] = useState('');
  const form = useVersionedForm<ZoneRow>(
    zone ?? newZoneRow(restaurantId),
    async (draft) => {
      const { id: _id, restaurant_id: _restaurant, active: _active, sort: _sort, version, ...fields } = draft;
      return zone === null && draft.id === 0
        ? staffCall(staffCreateZoneCall, fields, { params: { id: restaurantId } })
        : staffCall(staffSaveZoneCall, { ...fields, version }, { params: { id: restaurantId, zone: draft.id } });
    },
    (saved) => {
      setSavedOnce(true);
      onSaved(saved);
    },
  );
  const points = useMemo(() => outlinePoints(form.draft), [form.draft]);
  const dispatch = (action: OutlineAction) => {
    const next = editOutline({ points, selected }, action);
    form.set('polygon', outlinePolygon(next.points));
    setSelected(next.selected);
  };
  // While a handle is dragged: the corners as they would be, checked and compared as the pointer goes.
  const [preview, setPreview] = useState<readonly LonLat[] | null>(null);
  const showPreview = (next: readonly LonLat[] | null) => {
    setPreview(next);
    onLive(next);
  };
  // The map draws what this form holds; it is told on every change of the outline, the pick or the colour.
  const outlineKey = JSON.stringify([points, selected, form.draft.color]);
  useEffect(() => {
    onOutline({ points, selected, colour: form.draft.color, dispatch, preview: showPreview });
  }, [outlineKey]); // eslint-disable-line react-hooks/exhaustive-deps -- told once per change of what the map draws

  const shown = preview ?? points;
  const shape = outlineProblem(shown);
  const windows = fieldsProblem(form.draft);
  const overlaps = overlapping(shown, data.zones, data.others, zone?.id ?? null);
  const blocked = shape ?? windows ?? (form.draft.name.trim() === '' ? `Название: ${BACKOFFICE_TEXTS.required}` : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked === null) void form.submit();
  };

  const remove = async () => {
    setRemoveError('');
    try {
      await staffCall(
        staffRemoveZoneCall,
        { version: form.draft.version },
        { params: { id: restaurantId, zone: form.draft.id } },
      );
      onRemoved();
    } catch (failure) {
      setRemoveError(failureText(failure));
    }
  };

  const setPeriod = (index: number, change: Partial<StaffZone['periods'][number]>) =>
    form.set(
      'periods',
      form.draft.periods.map((period, i) => (i === index ? { ...period, ...change } : period)),
    );

  return (
    <form className="zones__form" onSubmit={submit} aria-labelledby="zone-form-title" noValidate>
      <div className="zones__form-head">
        <h2 id="zone-form-title">{form.draft.id === 0 ? 'Новая зона' : `Зона «${form.draft.name}»`}</h2>
        <button type="button" className="staff-button staff-button--ghost" onClick={onClose}>
          К списку зон
        </button>
      </div>
      {form.stale ? <StaleNotice stale={form.stale} labels={LABELS} onTake={form.takeCurrent} /> : null}

      <fieldset className="zones__outline">
        <legend>Граница на карте</legend>
        <p className="staff-field__hint">
          Нажимайте на карту, чтобы поставить точки; перетаскивайте точки; кружок в середине стороны добавляет точку.
          Точек: {shown.length}.
        </p>
        {overlaps.length > 0 ? (
          <p className="zones__overlap-note">
            Пересекается с зонами: {overlaps.map((found) => found.text).join(', ')} — на карте они обведены красным.
          </p>
        ) : null}
        {shown.length > 0 && shape ? (
          <p className="staff-field__error" role="alert">
            {shape}
          </p>
        ) : null}
        <div className="zones__outline-actions">
          <button
            type="button"
            className="staff-button staff-button--secondary"
            disabled={selected === null}
            onClick={() => selected !== null && dispatch({ type: 'remove', index: selected })}
          >
            {selected === null ? 'Удалить точку' : `Удалить точку ${selected + 1}`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--ghost"
            disabled={points.length === 0}
            onClick={() => dispatch({ type: 'clear' })}
          >
            Стереть границу
          </button>
        </div>
      </fieldset>

      <TextField
        label={LABELS.name ?? ''}
        value={form.draft.name}
        maxLength={ZONE_NAME_MAX_LENGTH}
        onChange={(value) => form.set('name', value)}
      />
      <div className="staff-field">
        <label htmlFor="zone-colour">{LABELS.color}</label>
        <input
          id="zone-colour"
          type="color"
          className="zones__colour"
          value={colourInputValue(form.draft.color)}
          onChange={(event) => form.set('color', withAlpha(form.draft.color, event.target.value))}
        />
      </div>
      <div className="zones__pair">
        <MoneyField
          label={LABELS.min_order_sum_rest ?? ''}
          value={form.draft.min_order_sum_rest}
          onChange={(value) => form.set('min_order_sum_rest', value)}
        />
        <MoneyField
          label={LABELS.min_order_sum_shop ?? ''}
          value={form.draft.min_order_sum_shop}
          onChange={(value) => form.set('min_order_sum_shop', value)}
        />
      </div>
      <div className="zones__pair">
        <MoneyField
          label={LABELS.delivery_price ?? ''}
          value={form.draft.delivery_price}
          onChange={(value) => form.set('delivery_price', value)}
        />
        <NumberField
          label={LABELS.time_limit ?? ''}
          value={form.draft.time_limit}
          min={0}
          max={1440}
          onChange={(value) => form.set('time_limit', value)}
        />
      </div>
      <CheckboxField
        label="Бесплатная доставка от суммы"
        checked={form.draft.free_delivery_from !== null}
        onChange={(on) => form.set('free_delivery_from', on ? 0 : null)}
      />
      {form.draft.free_delivery_from !== null ? (
        <MoneyField
          label={LABELS.free_delivery_from ?? ''}
          value={form.draft.free_delivery_from}
          onChange={(value) => form.set('free_delivery_from', value)}
        />
      ) : null}

      <fieldset className="zones__periods">
        <legend>{LABELS.periods}</legend>
        {form.draft.periods.length === 0 ? (
          <p className="staff-field__hint">Без окон: доставляем как можно скорее, пока ресторан открыт.</p>
        ) : null}
        {form.draft.periods.map((period, index) => (
          <div key={index} className="zones__period" role="group" aria-label={`Окно ${index + 1}`}>
            <label>
              <span>С</span>
              <input
                type="time"
                value={period.from}
                onChange={(event) => setPeriod(index, { from: event.target.value })}
              />
            </label>
            <label>
              <span>до</span>
              <input type="time" value={period.to} onChange={(event) => setPeriod(index, { to: event.target.value })} />
            </label>
            <span className="zones__days">
              {WEEKDAYS.map((day, d) => (
                <label key={day} className="zones__day">
                  <input
                    type="checkbox"
                    checked={period.days[d] === 1}
                    onChange={(event) =>
                      setPeriod(index, {
                        days: period.days.map((flag, i) => (i === d ? (event.target.checked ? 1 : 0) : flag)),
                      })
                    }
                  />
                  <span>{day}</span>
                </label>
              ))}
            </span>
            <button
              type="button"
              className="staff-button staff-button--ghost"
              aria-label={`Убрать окно ${index + 1}`}
              onClick={() =>
                form.set(
                  'periods',
                  form.draft.periods.filter((_, i) => i !== index),
                )
              }
            >
              Убрать
            </button>
          </div>
        ))}
        {windows ? <p className="staff-field__error">{windows}</p> : null}
        <button
          type="button"
          className="staff-button staff-button--secondary"
          disabled={form.draft.periods.length >= ZONE_MAX_PERIODS}
          onClick={() =>
            form.set('periods', [...form.draft.periods, { from: '11:00', to: '13:00', days: [1, 1, 1, 1, 1, 1, 1] }])
          }
        >
          Добавить окно
        </button>
      </fieldset>

      {blocked && form.dirty ? (
        <p className="staff-field__hint zones__blocked">Сохранить пока нельзя: {blocked}</p>
      ) : null}
      <SaveBar form={form} savedOnce={savedOnce} disabled={blocked !== null} />

      {form.draft.id !== 0 ? (
        <div className="zones__remove">
          {confirmRemove ? (
            <>
              <span>Удалить зону «{form.draft.name}»? Если её называют заказы, она уйдёт в архив.</span>
              <button type="button" className="staff-button staff-button--danger" onClick={() => void remove()}>
                Да, удалить
              </button>
              <button
                type="button"
                className="staff-button staff-button--ghost"
                onClick={() => setConfirmRemove(false)}
              >
                Не удалять
              </button>
            </>
          ) : (
            <button type="button" className="staff-button staff-button--ghost" onClick={() => setConfirmRemove(true)}>
              Удалить зону
            </button>
          )}
          {removeError ? (
            <p className="staff-field__error" role="alert">
              {removeError}
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function GeoJsonTools({
  restaurantId,
  restaurantName,
  onImported,
}: {
  restaurantId: number;
  restaurantName: string;
  onImported: () => void;
}) {
  const [file, setFile] = useState<unknown>(null);
  const [preview, setPreview] = useState<ZoneImportResult | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const exportFile = async () => {
    setProblems([]);
    let collection: unknown;
    try {
      collection = await staffCall(staffExportZonesCall, { params: { id: restaurantId } });
    } catch (failure) {
      setProblems([failureText(failure)]);
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(
      new Blob([`${JSON.stringify(collection, null, 2)}\n`], { type: 'application/geo+json' }),
    );
    link.download = `zones-${restaurantId}.geojson`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const send = async (collection: unknown, dryRun: boolean) => {
    setBusy(true);
    setProblems([]);
    try {
      const result = await staffCall(
        staffImportZonesCall,
        { collection, dry_run: dryRun },
        { params: { id: restaurantId } },
      );
      setPreview(result);
      if (!dryRun) {
        setFile(null);
        onImported();
      }
    } catch (failure) {
      const body =
        failure instanceof ApiError ? (failure.body as { problems?: { message: string }[] } | undefined) : undefined;
      setPreview(null);
      setProblems([failureText(failure), ...(body?.problems ?? []).map((problem) => problem.message)]);
    } finally {
      setBusy(false);
    }
  };

  const chosen = async (picked: File | undefined) => {
    if (!picked) return;
    setPreview(null);
    try {
      const parsed: unknown = JSON.parse(await picked.text());
      setFile(parsed);
      await send(parsed, true);
    } catch {
      setFile(null);
      setProblems(['Файл не читается как JSON: выберите файл .geojson.']);
    }
  };

  return (
    <div className="zones__geojson">
      <button type="button" className="staff-button staff-button--secondary" onClick={() => void exportFile()}>
        Скачать GeoJSON
      </button>
      <label className="staff-button staff-button--secondary zones__file">
        Загрузить GeoJSON
        <input
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          className="staff-visually-hidden"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            // The same file picked again (edited meanwhile) is read again: the input forgets this choice.
            event.target.value = '';
            void chosen(picked);
          }}
        />
      </label>
      {preview ? (
        <div className="zones__preview staff-card" role="status">
          <p>
            {preview.dry_run ? `Если загрузить файл в «${restaurantName}»:` : 'Загружено:'} добавится{' '}
            {preview.added.length}, изменится {preview.changed.length}, уйдёт {preview.removed.length}, без изменений{' '}
            {preview.unchanged}.
          </p>
          {[
            ...preview.added.map((name) => `+ ${name}`),
            ...preview.changed.map((name) => `~ ${name}`),
            ...preview.removed.map((name) => `− ${name}`),
          ].map((line) => (
            <p key={line} className="zones__preview-line">
              {line}
            </p>
          ))}
          {preview.dry_run ? (
            <button
              type="button"
              className="staff-button staff-button--primary"
              disabled={busy || file === null}
              onClick={() => void send(file, false)}
            >
              Применить
            </button>
          ) : null}
        </div>
      ) : null}
      {problems.length > 0 ? (
        <div className="staff-error" role="alert">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
