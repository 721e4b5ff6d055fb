import { classNames } from './class-names';
import './radio-cards.css';

export interface RadioCardOption<Value extends string> {
  readonly value: Value;
  readonly label: string;
}

/**
 * A choice of one among a few, as bordered rows whose whole labelled area is the tap target
 * (at least 44 px): the pay method, a saved card. Place them in a fieldset with a legend.
 */
export function RadioCards<Value extends string>({
  name,
  options,
  value,
  onChange,
  wide = false,
  optionClassName,
}: {
  name: string;
  options: ReadonlyArray<RadioCardOption<Value>>;
  /** The chosen option; null: none chosen yet. */
  value: Value | null;
  onChange: (value: Value) => void;
  /** One option a row instead of side by side. */
  wide?: boolean;
  /** A class of each option's label, for a screen's own sizes. */
  optionClassName?: string;
}) {
  return (
    <>
      {options.map((option) => (
        <label key={option.value} className={classNames('radio-card', wide && 'radio-card--wide', optionClassName)}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </>
  );
}
