import { type ReactNode, useId, useState } from 'react';
import { BACKOFFICE_TEXTS } from '@chain/contract';
import { formatAmount, parseAmount } from '@chain/domain';
import type { StaleSave, Versioned, VersionedForm } from './versioned-form';

// The back office's form parts (issue 31): a label above each field, its error under it, 44 px
// targets (staff.css), and the save bar with the 409 notice. Screens compose them; none holds a rule.

interface FieldProps {
  label: string;
  /** A refusal of this field in words, shown under it and tied to it for screen readers. */
  error?: string;
  hint?: string;
}

function Field({
  label,
  error,
  hint,
  children,
}: FieldProps & { children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint ? (
        <span id={`${id}-hint`} className="staff-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="staff-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function TextField({
  value,
  onChange,
  maxLength,
  multiline,
  ...field
}: FieldProps & { value: string; onChange: (value: string) => void; maxLength?: number; multiline?: boolean }) {
  return (
    <Field {...field}>
      {(id, describedBy) =>
        multiline ? (
          <textarea
            id={id}
            value={value}
            maxLength={maxLength}
            rows={4}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            id={id}
            value={value}
            maxLength={maxLength}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

export function NumberField({
  value,
  onChange,
  min,
  max,
  ...field
}: FieldProps & { value: number; onChange: (value: number) => void; min?: number; max?: number }) {
  return (
    <Field {...field}>
      {(id, describedBy) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          value={Number.isFinite(value) ? value : ''}
          min={min}
          max={max}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
        />
      )}
    </Field>
  );
}

/** Roubles as a person types them ('450', '450,50'); the form holds kopecks, NaN while the text is not an amount. */
export function MoneyField({
  value,
  onChange,
  max,
  ...field
}: FieldProps & { value: number; onChange: (kopecks: number) => void; max?: number }) {
  const [text, setText] = useState(() => (Number.isFinite(value) ? formatAmount(value) : ''));
  const shown = Number.isFinite(value) && parseAmount(text, max) !== value ? formatAmount(value) : text;
  return (
    <Field
      {...field}
      error={
        field.error ??
        (text !== '' && parseAmount(text, max) === null
          ? 'Введите сумму в рублях, например 450 или 450,50.'
          : undefined)
      }
    >
      {(id, describedBy) => (
        <input
          id={id}
          inputMode="decimal"
          value={shown}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseAmount(event.target.value, max) ?? Number.NaN);
          }}
        />
      )}
    </Field>
  );
}

export function SelectField<V extends string>({
  value,
  onChange,
  options,
  ...field
}: FieldProps & { value: V; onChange: (value: V) => void; options: readonly { value: V; label: string }[] }) {
  return (
    <Field {...field}>
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  return (
    <label className="staff-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {label}
        {hint ? <span className="staff-field__hint"> {hint}</span> : null}
      </span>
    </label>
  );
}

/** After a 409: who changed what, the saved values, and the way to keep one's changes on top. */
export function StaleNotice<T extends Versioned>({
  stale,
  labels,
  show,
  onTake,
}: {
  stale: StaleSave<T>;
  labels: Partial<Record<keyof T & string, string>>;
  show?: (key: keyof T & string, value: unknown) => string;
  onTake: () => void;
}) {
  const text = (key: keyof T & string, value: unknown) =>
    show?.(key, value) ??
    (typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value));
  return (
    <div className="staff-error staff-stale" role="alert">
      <p>{BACKOFFICE_TEXTS.staleVersion}</p>
      {stale.changed.length > 0 ? (
        <>
          <p>{BACKOFFICE_TEXTS.changedBy}:</p>
          <ul>
            {stale.changed.map((key) => (
              <li key={key}>
                {labels[key] ?? key}: <strong>{text(key, stale.current[key])}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <button type="button" className="staff-button staff-button--secondary" onClick={onTake}>
        {BACKOFFICE_TEXTS.reload}
      </button>
    </div>
  );
}

/** Save and cancel for a versioned form, with its refusal or «Сохранено.» read out politely. */
export function SaveBar<T extends Versioned>({
  form,
  savedOnce,
  disabled,
}: {
  form: VersionedForm<T>;
  savedOnce?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="staff-savebar">
      <button
        type="submit"
        className="staff-button staff-button--primary"
        disabled={form.saving || disabled || !form.dirty}
      >
        {form.saving ? BACKOFFICE_TEXTS.saving : BACKOFFICE_TEXTS.save}
      </button>
      <button
        type="button"
        className="staff-button staff-button--ghost"
        disabled={form.saving || !form.dirty}
        onClick={form.reset}
      >
        {BACKOFFICE_TEXTS.cancel}
      </button>
      <span role="status" className="staff-savebar__status">
        {form.error && !form.stale ? (
          <span className="staff-field__error">{form.error}</span>
        ) : savedOnce && !form.dirty ? (
          BACKOFFICE_TEXTS.saved
        ) : (
          ''
        )}
      </span>
    </div>
  );
}
