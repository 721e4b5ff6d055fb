import { type FormEvent, type ReactNode, useState } from 'react';
import {
  BACKOFFICE_TEXTS,
  type CutleryItem,
  EXTRAS_LIMITS,
  EXTRAS_TEXTS,
  type RecommendedItem,
  staffCreateCutleryCall,
  staffCreateRecommendedCall,
  staffExtrasCall,
  type StaffExtras,
  staffSaveCutleryCall,
  staffSaveRecommendedCall,
} from '@chain/contract';
import { formatAmount, ORDER_TYPE_TITLES, ORDER_TYPES, type OrderType } from '@chain/domain';
import { staffCall } from '../../api';
import { StaffError } from '../../staff-error';
import { useStaffData } from '../../use-staff-data';
import type { ManageScreenProps } from '../areas';
import { CheckboxField, MoneyField, NumberField, SaveBar, SelectField, StaleNotice, TextField } from '../fields';
import { useVersionedForm, type VersionedForm } from '../versioned-form';

// The back office's cutlery and recommended items (issue 31, docs/back-office.md): two lists as
// tables, the chosen row's form below its table. Any manager reads them; a manager of the whole
// chain edits them (decision 045). Archiving is a save like any other (the «В архиве» box).

/** A row not saved yet: id 0, version 1 (the form's base); saving it creates it. */
const NEW_ID = 0;

const NEW_CUTLERY: CutleryItem = {
  id: NEW_ID,
  name: '',
  price: 0,
  free_cnt: 0,
  max: 10,
  order_types: ['self', 'delivery'],
  sort: 0,
  archived: false,
  version: 1,
};
const newRecommended = (dishes: StaffExtras['dishes']): RecommendedItem => ({
  id: NEW_ID,
  dish_id: dishes[0]?.id ?? 0,
  dish_name: dishes[0]?.name ?? '',
  price: dishes[0]?.price ?? 0,
  free_cnt: 0,
  separated: false,
  order_types: [...ORDER_TYPES],
  sort: 0,
  archived: false,
  version: 1,
});

const CUTLERY_LABELS = {
  name: 'Название',
  price: 'Цена за штуку сверх бесплатных',
  free_cnt: 'Бесплатно, штук',
  max: 'Не больше, штук',
  order_types: 'Виды заказа',
  sort: 'Порядок',
  archived: BACKOFFICE_TEXTS.archived,
} as const;
const RECOMMENDED_LABELS = {
  dish_id: 'Блюдо',
  free_cnt: 'Бесплатно, штук',
  separated: 'Отдельным блоком',
  order_types: 'Виды заказа',
  sort: 'Порядок',
  archived: BACKOFFICE_TEXTS.archived,
} as const;
const ARCHIVE_HINT = 'Гости больше не увидят его в корзине; заказы, где он был, сохранятся.';

const orderTypesText = (types: readonly OrderType[]) => types.map((type) => ORDER_TYPE_TITLES[type]).join(', ');
const shownValue = (key: string, value: unknown) =>
  key === 'order_types' && Array.isArray(value)
    ? orderTypesText(value as OrderType[])
    : key === 'price' && typeof value === 'number'
      ? `${formatAmount(value)} ₽`
      : typeof value === 'boolean'
        ? value
          ? 'да'
          : 'нет'
        : String(value);

export default function ExtrasPage(_props: ManageScreenProps) {
  const extras = useStaffData(() => staffCall(staffExtrasCall), 'extras');
  // `saved`: the form opens on a row just created, and says «Сохранено.».
  const [chosen, setChosen] = useState<{ kind: 'cutlery' | 'recommended'; id: number; saved?: boolean } | null>(null);
  const data = extras.data;
  const keep = <K extends 'cutlery' | 'recommended'>(kind: K, saved: StaffExtras[K][number] | null) => {
    if (!data || !saved) {
      setChosen(null);
      return;
    }
    const list = data[kind] as Array<StaffExtras[K][number]>;
    const next = list.some((row) => row.id === saved.id)
      ? list.map((row) => (row.id === saved.id ? saved : row))
      : [...list, saved];
    extras.set({ ...data, [kind]: next });
    setChosen({ kind, id: saved.id, saved: true });
  };
  return (
    <section aria-labelledby="extras-title" className="extras">
      <h1 id="extras-title">{EXTRAS_TEXTS.title}</h1>
      <StaffError text={extras.error} />
      {!data ? (
        extras.error ? null : (
          <p className="staff-empty">Загружаем…</p>
        )
      ) : (
        <>
          {data.may_edit ? null : (
            <p className="staff-card">
              Менять приборы и рекомендации может менеджер сети — они одни для всех ресторанов.
            </p>
          )}
          <ExtrasList
            id="extras-cutlery"
            title={EXTRAS_TEXTS.cutlery}
            add={data.may_edit ? 'Добавить прибор' : null}
            onAdd={() => setChosen({ kind: 'cutlery', id: NEW_ID })}
            columns={['Название', 'Цена', 'Бесплатно', 'Максимум', 'Виды заказа']}
            rows={data.cutlery.map((item) => ({
              id: item.id,
              name: item.name,
              archived: item.archived,
              cells: [`${formatAmount(item.price)} ₽`, item.free_cnt, item.max, orderTypesText(item.order_types)],
            }))}
            chosen={chosen?.kind === 'cutlery' ? chosen.id : null}
            onChoose={data.may_edit ? (id) => setChosen({ kind: 'cutlery', id }) : null}
          >
            {chosen?.kind === 'cutlery' ? (
              <CutleryForm
                key={chosen.id}
                item={data.cutlery.find((item) => item.id === chosen.id) ?? NEW_CUTLERY}
                savedAlready={chosen.saved ?? false}
                onDone={(saved) => keep('cutlery', saved)}
              />
            ) : null}
          </ExtrasList>
          <ExtrasList
            id="extras-recommended"
            title={EXTRAS_TEXTS.recommended}
            add={data.may_edit && data.dishes.length > 0 ? 'Добавить рекомендацию' : null}
            onAdd={() => setChosen({ kind: 'recommended', id: NEW_ID })}
            columns={['Блюдо', 'Цена', 'Бесплатно', 'Блок', 'Виды заказа']}
            rows={data.recommended.map((item) => ({
              id: item.id,
              name: item.dish_name,
              archived: item.archived,
              cells: [
                `${formatAmount(item.price)} ₽`,
                item.free_cnt,
                item.separated ? 'Отдельный' : 'Соусы и добавки',
                orderTypesText(item.order_types),
              ],
            }))}
            chosen={chosen?.kind === 'recommended' ? chosen.id : null}
            onChoose={data.may_edit ? (id) => setChosen({ kind: 'recommended', id }) : null}
          >
            {chosen?.kind === 'recommended' ? (
              <RecommendedForm
                key={chosen.id}
                item={data.recommended.find((item) => item.id === chosen.id) ?? newRecommended(data.dishes)}
                dishes={data.dishes}
                savedAlready={chosen.saved ?? false}
                onDone={(saved) => keep('recommended', saved)}
              />
            ) : null}
          </ExtrasList>
        </>
      )}
    </section>
  );
}

/** One list as a table: its rows (the name first, archived ones marked), «Изменить» for an editor, the chosen row's form below. */
function ExtrasList(props: {
  id: string;
  title: string;
  /** The add button's words, or null for none (read-only). */
  add: string | null;
  onAdd: () => void;
  columns: readonly string[];
  rows: ReadonlyArray<{ id: number; name: string; archived: boolean; cells: ReadonlyArray<string | number> }>;
  chosen: number | null;
  onChoose: ((id: number) => void) | null;
  children: ReactNode;
}) {
  const { onChoose } = props;
  return (
    <section aria-labelledby={props.id}>
      <div className="extras__head">
        <h2 id={props.id}>{props.title}</h2>
        {props.add ? (
          <button type="button" className="staff-button staff-button--secondary" onClick={props.onAdd}>
            {props.add}
          </button>
        ) : null}
      </div>
      <table className="audit-page__table extras__table">
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="staff-visually-hidden">Действие</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr
              key={row.id}
              className={row.archived ? 'extras__row--archived' : undefined}
              aria-current={props.chosen === row.id ? 'true' : undefined}
            >
              <td>
                {row.name}
                {row.archived ? <span className="extras__archived"> · {BACKOFFICE_TEXTS.archived}</span> : null}
              </td>
              {row.cells.map((cell, index) => (
                <td key={props.columns[index + 1]}>{cell}</td>
              ))}
              <td>
                {onChoose ? (
                  <button
                    type="button"
                    className="staff-button staff-button--ghost"
                    aria-label={`Изменить: ${row.name}`}
                    onClick={() => onChoose(row.id)}
                  >
                    Изменить
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.children}
    </section>
  );
}

/** The order types a row is offered for, as checkboxes; at least one (the server says so too). */
function OrderTypesField({ value, onChange }: { value: readonly OrderType[]; onChange: (types: OrderType[]) => void }) {
  return (
    <fieldset className="extras__types">
      <legend>Виды заказа</legend>
      {ORDER_TYPES.map((type) => (
        <CheckboxField
          key={type}
          label={ORDER_TYPE_TITLES[type]}
          checked={value.includes(type)}
          onChange={(on) =>
            onChange(ORDER_TYPES.filter((candidate) => (candidate === type ? on : value.includes(candidate))))
          }
        />
      ))}
      {value.length === 0 ? <span className="staff-field__error">{EXTRAS_TEXTS.orderTypesRequired}</span> : null}
    </fieldset>
  );
}

/** Every row's form ends alike: archived or not (a save like any other), the save bar, and close. */
function FormEnd<T extends { archived: boolean; version: number }>({
  form,
  savedOnce,
  valid,
  onClose,
}: {
  form: VersionedForm<T>;
  savedOnce: boolean;
  valid: boolean;
  onClose: () => void;
}) {
  return (
    <>
      <CheckboxField
        label={BACKOFFICE_TEXTS.archived}
        hint={ARCHIVE_HINT}
        checked={form.draft.archived}
        onChange={(on) => form.set('archived', on)}
      />
      <SaveBar form={form} savedOnce={savedOnce} disabled={!valid} />
      <button type="button" className="staff-button staff-button--ghost extras__close" onClick={onClose}>
        Закрыть
      </button>
    </>
  );
}

const countOk = (value: number, min = 0) => Number.isInteger(value) && value >= min && value <= EXTRAS_LIMITS.countMax;

function CutleryForm({
  item,
  savedAlready,
  onDone,
}: {
  item: CutleryItem;
  savedAlready: boolean;
  onDone: (saved: CutleryItem | null) => void;
}) {
  const isNew = item.id === NEW_ID;
  const [savedOnce, setSavedOnce] = useState(savedAlready);
  const form = useVersionedForm<CutleryItem>(
    item,
    async (draft) => {
      const { id, archived, version, name, price, free_cnt, max, order_types, sort } = draft;
      const fields = { name, price, free_cnt, max, order_types, sort, archived };
      return isNew
        ? staffCall(staffCreateCutleryCall, fields)
        : staffCall(staffSaveCutleryCall, { ...fields, version }, { params: { id } });
    },
    (saved) => {
      setSavedOnce(true);
      onDone(saved);
    },
  );
  const draft = form.draft;
  const freeAbove = countOk(draft.free_cnt) && countOk(draft.max, 1) && draft.free_cnt > draft.max;
  const valid =
    draft.name.trim() !== '' &&
    Number.isFinite(draft.price) &&
    countOk(draft.free_cnt) &&
    countOk(draft.max, 1) &&
    !freeAbove &&
    draft.order_types.length > 0 &&
    Number.isInteger(draft.sort);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form
      className="staff-card extras__form"
      aria-label={isNew ? 'Новый прибор' : `Прибор «${item.name}»`}
      onSubmit={submit}
    >
      <h3>{isNew ? 'Новый прибор' : item.name}</h3>
      {form.stale ? (
        <StaleNotice stale={form.stale} labels={CUTLERY_LABELS} show={shownValue} onTake={form.takeCurrent} />
      ) : null}
      <div className="extras__grid">
        <TextField
          label={CUTLERY_LABELS.name}
          value={draft.name}
          maxLength={EXTRAS_LIMITS.nameMax}
          onChange={(value) => form.set('name', value)}
          {...(draft.name.trim() === '' ? { error: 'Введите название.' } : {})}
        />
        <MoneyField
          label={CUTLERY_LABELS.price}
          value={draft.price}
          max={EXTRAS_LIMITS.priceMax}
          onChange={(value) => form.set('price', value)}
        />
        <NumberField
          label={CUTLERY_LABELS.free_cnt}
          value={draft.free_cnt}
          min={0}
          max={EXTRAS_LIMITS.countMax}
          onChange={(value) => form.set('free_cnt', value)}
          hint="Сверх них каждая штука — по цене."
          {...(freeAbove ? { error: EXTRAS_TEXTS.freeAboveMax } : {})}
        />
        <NumberField
          label={CUTLERY_LABELS.max}
          value={draft.max}
          min={1}
          max={EXTRAS_LIMITS.countMax}
          onChange={(value) => form.set('max', value)}
        />
        <NumberField
          label={CUTLERY_LABELS.sort}
          value={draft.sort}
          min={0}
          max={EXTRAS_LIMITS.sortMax}
          onChange={(value) => form.set('sort', value)}
          hint="Меньше — выше в корзине."
        />
      </div>
      <OrderTypesField value={draft.order_types} onChange={(types) => form.set('order_types', types)} />
      <FormEnd form={form} savedOnce={savedOnce} valid={valid} onClose={() => onDone(null)} />
    </form>
  );
}

function RecommendedForm({
  item,
  dishes,
  savedAlready,
  onDone,
}: {
  item: RecommendedItem;
  dishes: StaffExtras['dishes'];
  savedAlready: boolean;
  onDone: (saved: RecommendedItem | null) => void;
}) {
  const isNew = item.id === NEW_ID;
  const [savedOnce, setSavedOnce] = useState(savedAlready);
  const form = useVersionedForm<RecommendedItem>(
    item,
    async (draft) => {
      const { id, version, dish_id, free_cnt, separated, order_types, sort, archived } = draft;
      const fields = { dish_id, free_cnt, separated, order_types, sort, archived };
      return isNew
        ? staffCall(staffCreateRecommendedCall, fields)
        : staffCall(staffSaveRecommendedCall, { ...fields, version }, { params: { id } });
    },
    (saved) => {
      setSavedOnce(true);
      onDone(saved);
    },
  );
  const draft = form.draft;
  // An archived dish's recommendation still names it: keep it choosable.
  const options = [
    ...(dishes.some((dish) => dish.id === item.dish_id) || isNew ? [] : [{ id: item.dish_id, name: item.dish_name }]),
    ...dishes,
  ].map((dish) => ({ value: String(dish.id), label: dish.name }));
  const dishName = (id: unknown) => dishes.find((dish) => dish.id === id)?.name ?? item.dish_name;
  const valid =
    draft.dish_id > 0 && countOk(draft.free_cnt) && draft.order_types.length > 0 && Number.isInteger(draft.sort);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form
      className="staff-card extras__form"
      aria-label={isNew ? 'Новая рекомендация' : `Рекомендация «${item.dish_name}»`}
      onSubmit={submit}
    >
      <h3>{isNew ? 'Новая рекомендация' : item.dish_name}</h3>
      {form.stale ? (
        <StaleNotice
          stale={form.stale}
          labels={RECOMMENDED_LABELS}
          show={(key, value) => (key === 'dish_id' ? dishName(value) : shownValue(key, value))}
          onTake={form.takeCurrent}
        />
      ) : null}
      <div className="extras__grid">
        <SelectField
          label={RECOMMENDED_LABELS.dish_id}
          value={String(draft.dish_id)}
          options={options}
          onChange={(value) => form.set('dish_id', Number(value))}
          hint="Корзина предложит его, пока блюдо продаётся в ресторане."
        />
        <NumberField
          label={RECOMMENDED_LABELS.free_cnt}
          value={draft.free_cnt}
          min={0}
          max={EXTRAS_LIMITS.countMax}
          onChange={(value) => form.set('free_cnt', value)}
          hint="Сверх них — по цене блюда."
        />
        <NumberField
          label={RECOMMENDED_LABELS.sort}
          value={draft.sort}
          min={0}
          max={EXTRAS_LIMITS.sortMax}
          onChange={(value) => form.set('sort', value)}
          hint="Меньше — выше в корзине."
        />
      </div>
      <CheckboxField
        label="Отдельным блоком"
        hint="Напитки и десерты — под своим заголовком, не среди соусов."
        checked={draft.separated}
        onChange={(on) => form.set('separated', on)}
      />
      <OrderTypesField value={draft.order_types} onChange={(types) => form.set('order_types', types)} />
      <FormEnd form={form} savedOnce={savedOnce} valid={valid} onClose={() => onDone(null)} />
    </form>
  );
}
