import { Minus, Plus } from 'lucide-react';
import { classNames } from './class-names';
import { stepperValue } from './stepper-value';
import './stepper.css';

export interface StepperProps {
  value: number;
  onChange: (next: number) => void;
  /** What is being counted, for screen readers ("Борщ", "Приборы"). */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  className?: string;
}

/** − count +. The owner decides what reaching the minimum means (SPEC 4: zero removes a line). */
export function Stepper({
  value,
  onChange,
  label,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  disabled = false,
  className,
}: StepperProps) {
  const change = (delta: number) => {
    const next = stepperValue(value, delta, min, max);
    if (next !== value) onChange(next);
  };
  return (
    <div className={classNames('stepper', className)} role="group" aria-label={label}>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Уменьшить количество: ${label}`}
        disabled={disabled || value <= min}
        onClick={() => change(-1)}
      >
        <Minus aria-hidden="true" />
      </button>
      <output className="stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Увеличить количество: ${label}`}
        disabled={disabled || value >= max}
        onClick={() => change(1)}
      >
        <Plus aria-hidden="true" />
      </button>
    </div>
  );
}
