import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { classNames } from './class-names';
import './input.css';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The spec's Russian text, shown next to the field that caused it (docs/design.md Patterns). */
  error?: string | null | undefined;
  hint?: string | undefined;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ label, error, hint, id, className, ...rest }: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classNames('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextAreaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'className' | 'onChange' | 'aria-describedby'
> {
  label: string;
  /** Below the field, read with it (a counter, a hint); `hintClassName` places it. */
  hint?: ReactNode;
  hintClassName?: string;
  /** Another element that describes the field too (the dish a comment is for). */
  describedBy?: string | undefined;
  /** The text area's own class (its height); the field's wrapper is the same as an Input's. */
  inputClassName?: string;
  onChange: (value: string) => void;
}

/** A multi-line field: a comment, a message; resized vertically (input.css), in the body's font (base.css). */
export function TextArea({
  label,
  hint,
  hintClassName,
  describedBy,
  inputClassName,
  onChange,
  ...rest
}: TextAreaProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const described = [describedBy, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...rest}
        id={id}
        className={classNames('field__input', 'field__input--text', inputClassName)}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={hintId} className={hintClassName ?? 'field__hint'}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
