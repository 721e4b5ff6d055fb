import { Delete } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import './keypad.css';

export interface KeypadProps {
  /** The group's name, read before the keys («Номер стола», «Код сотрудника»). */
  label: string;
  /** The digits typed so far. */
  value: string;
  /** The most digits the field takes: a further digit is ignored. */
  maxLength: number;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** «Отмена»: the owner clears the field (and may close what holds it). */
  onCancel: () => void;
  submitLabel?: string;
  /** Show dots instead of the digits (a staff code). */
  masked?: boolean;
  /** A request runs: the submit key says so and ignores taps. */
  busy?: boolean;
  /** What the display says while nothing is typed. */
  placeholder?: string;
  /** The refusal of what was typed, shown beside the display. */
  error?: string | null;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The digits typed plus one more, unless the field is full. */
export function keypadAppend(value: string, digit: string, maxLength: number): string {
  return value.length >= maxLength ? value : `${value}${digit}`;
}

/**
 * The kiosk's digit keypad (docs/design.md Kiosk: large targets, no hover): a large display of what is
 * typed with «Стереть» beside it, then 1–9 and «Отмена», 0 and the submit key — four rows, so the
 * keypad fits the lower half of a kiosk screen even with accessibility mode's larger type. A physical keyboard works too:
 * digits, Backspace, Enter and Escape — unless a modal surface this keypad is not in is open
 * (the alert over the table keypad, the staff code sheet over Home), so keys go to what is on top.
 */
export function Keypad({
  label,
  value,
  maxLength,
  onChange,
  onSubmit,
  onCancel,
  submitLabel = 'OK',
  masked = false,
  busy = false,
  placeholder = '',
  error = null,
}: KeypadProps) {
  const labelId = useId();
  const errorId = useId();
  const root = useRef<HTMLDivElement>(null);

  // A physical keyboard: the listener sees this render's value and handlers.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!root.current || coveredByModal(root.current)) return;
    const target = event.target instanceof Element ? event.target : null;
    // A typing field elsewhere keeps its own keys.
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (/^\d$/.test(event.key)) {
      onChange(keypadAppend(value, event.key, maxLength));
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      onChange(value.slice(0, -1));
    } else if (event.key === 'Escape') {
      onCancel();
    } else if (event.key === 'Enter') {
      // Enter on a focused button presses that button; only a bare Enter submits.
      if (target?.closest('button, a')) return;
      if (!busy) onSubmit();
    } else {
      return;
    }
    event.preventDefault();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const shown = masked ? '•'.repeat(value.length) : value;

  return (
    <div ref={root} className="keypad" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
      <div className="keypad__field">
        <div className={`keypad__screen${error ? ' keypad__screen--invalid' : ''}`}>
          <output
            className="keypad__display"
            aria-live="polite"
            aria-label={masked ? `${label}: введено цифр ${value.length}` : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            {shown === '' ? <span className="keypad__placeholder">{placeholder}</span> : shown}
          </output>
          <p id={errorId} className="keypad__error" role="alert">
            {error ?? ''}
          </p>
        </div>
        <button
          type="button"
          className="keypad__key keypad__key--action keypad__erase"
          onClick={() => onChange(value.slice(0, -1))}
        >
          <Delete aria-hidden="true" />
          <span>Стереть</span>
        </button>
      </div>
      <div className="keypad__keys">
        {DIGITS.map((digit) => (
          <DigitKey key={digit} digit={digit} onPress={() => onChange(keypadAppend(value, digit, maxLength))} />
        ))}
        <button type="button" className="keypad__key keypad__key--action" onClick={onCancel}>
          Отмена
        </button>
        <DigitKey digit="0" onPress={() => onChange(keypadAppend(value, '0', maxLength))} />
        <button
          type="button"
          className="keypad__key keypad__key--submit"
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onSubmit();
          }}
        >
          {submitLabel}
        </button>
      </div>
    </div>
  );
}

function DigitKey({ digit, onPress }: { digit: string; onPress: () => void }) {
  return (
    <button type="button" className="keypad__key" onClick={onPress}>
      {digit}
    </button>
  );
}

/** Whether an open modal dialog that does not hold this element is on top of it. */
function coveredByModal(element: Element): boolean {
  for (const dialog of element.ownerDocument.querySelectorAll('dialog[open]')) {
    if (!dialog.contains(element)) return true;
  }
  return false;
}
