import type { FoundAddress } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useEffectEvent, useId, useState } from 'react';
import { suggestAddresses } from '../../api/geo';
import { classNames } from '../../ui/class-names';
import './address-search.css';

/** The wait after the last keystroke before suggestions are asked. */
export const SUGGEST_DEBOUNCE_MS = 300;
/** The contract's shortest search text (geoSuggest). */
const MIN_QUERY = 2;

type Suggestions =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly items: readonly FoundAddress[] }
  | { readonly status: 'error'; readonly message: string };

const IDLE: Suggestions = { status: 'idle' };

export interface AddressSearchProps {
  /** Suggestions are ordered nearest this point first (the marker, else the map's centre). */
  near: GeoPoint | null;
  onPick: (address: FoundAddress) => void;
}

/**
 * The address search of the delivery map: a combobox (WAI-ARIA 1.2) whose suggestions, asked
 * SUGGEST_DEBOUNCE_MS after the guest stops typing, form a listbox: arrows move, Enter picks,
 * Escape closes; a tap on an option picks it. A newer text cancels the request for an older one.
 */
export function AddressSearch({ near, onPick }: AddressSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The answer, with the text it answers: one for an older text is not shown.
  const [answer, setAnswer] = useState<{ query: string; suggestions: Suggestions }>({ query: '', suggestions: IDLE });
  const query = text.trim();
  const suggestions = answer.query === query ? answer.suggestions : IDLE;
  // The point the next question orders by; read when asking, not a reason to ask again.
  const askNear = useEffectEvent(() => near);

  useEffect(() => {
    if (query.length < MIN_QUERY) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setAnswer({ query, suggestions: { status: 'loading' } });
      suggestAddresses(query, askNear(), controller.signal).then(
        (items) => {
          setAnswer({ query, suggestions: { status: 'ready', items } });
          setActive(-1);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({
            query,
            suggestions: { status: 'error', message: error instanceof Error ? error.message : String(error) },
          });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const items = suggestions.status === 'ready' ? suggestions.items : [];
  const expanded = open && items.length > 0;

  const pick = (address: FoundAddress) => {
    setText(address.title);
    setOpen(false);
    setActive(-1);
    onPick(address);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      const chosen = items[active] ?? items[0];
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    suggestions.status === 'error'
      ? suggestions.message
      : suggestions.status === 'ready' && open && items.length === 0
        ? 'Адрес не найден. Уточните запрос или укажите точку на карте.'
        : suggestions.status === 'ready' && expanded
          ? `Найдено адресов: ${items.length}`
          : '';

  return (
    <div className="address-search">
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        Поиск адреса
      </label>
      <div className="address-search__field">
        <Search className="address-search__icon" aria-hidden="true" />
        <input
          id={`${id}-input`}
          className="address-search__input"
          type="search"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder="Улица и дом"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-busy={suggestions.status === 'loading' || undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Найденные адреса" className="address-search__list" hidden={!expanded}>
        {items.map((address, index) => (
          <li
            key={`${address.lat},${address.lon},${address.title}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={classNames('address-search__option', index === active && 'address-search__option--active')}
            // The input keeps focus while a finger or the mouse picks an option.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(address)}
          >
            <span className="address-search__title">{address.title}</span>
            <span className="address-search__subtitle">{address.subtitle}</span>
          </li>
        ))}
      </ul>
      <p className="address-search__status" role="status">
        {status}
      </p>
    </div>
  );
}
