import { useId } from 'react';
import { Button } from '../../ui/button';
import { CATEGORY_LABEL } from '../../ui/rating-view';
import { categoryGroups } from './rating-model';
import type { TypesState } from './use-rating-types';

/** The low-rating category (rateGetTypes, SPEC 5): asked while the stars or a dish's score are below 5; grouped, one chosen. */
export function CategorySelect({
  types,
  value,
  disabled,
  onChange,
  onRetry,
}: {
  types: TypesState;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onRetry: () => void;
}) {
  const id = useId();
  if (types.kind === 'failed') {
    return (
      <div className="order-rating__category-failed" role="alert">
        <p>Не удалось загрузить категории оценки.</p>
        <Button variant="secondary" onClick={onRetry}>
          Повторить
        </Button>
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {CATEGORY_LABEL}?
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled || types.kind === 'loading'}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{types.kind === 'loading' ? 'Загружаем категории…' : 'Выберите категорию'}</option>
        {types.kind === 'ready'
          ? categoryGroups(types.types).map((group) => (
              <optgroup key={group.id} label={group.name}>
                {group.items.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.name}
                  </option>
                ))}
              </optgroup>
            ))
          : null}
      </select>
    </div>
  );
}
