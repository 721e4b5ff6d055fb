import { useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import {
  CONTAINS_LABELS,
  DIET_LABELS,
  DISH_FILTER_NAMES,
  type DishLabel,
  filterByLabels,
  hiddenDishesText,
  russianPlural,
} from '@chain/domain';
import { guestStore, useGuestState } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import './menu-filters.css';

/** The filter's title on its button and sheet (docs/design.md: bottom sheets for choices on phones). */
export const FILTERS_TITLE = 'Фильтры';
export const CLEAR_FILTERS = 'Сбросить';

const GROUPS: ReadonlyArray<{ title: string; labels: readonly DishLabel[] }> = [
  { title: 'Какое блюдо', labels: DIET_LABELS },
  { title: 'Без чего', labels: CONTAINS_LABELS },
];

/** «Показать 42 блюда»: the sheet's button, with what the menu will show. */
export function showDishesText(count: number): string {
  return `Показать ${count} ${russianPlural(count, ['блюдо', 'блюда', 'блюд'])}`;
}

/**
 * The menu's label filter (issue 31): a «Фильтры» button that opens a sheet of «Вегетарианское»,
 * «Без орехов», …; while filters are on, how many dishes they hide («Скрыто 3 блюда») and a way to
 * clear them. The choice is the store's (menuFilters), kept while the guest browses.
 */
export function MenuFilters({ dishes }: { dishes: ReadonlyArray<{ readonly labels: readonly DishLabel[] }> }) {
  const filters = useGuestState((state) => state.menuFilters);
  const [open, setOpen] = useState(false);
  const { hidden, shown } = filterByLabels(dishes, filters);
  const clear = () => guestStore.getState().setMenuFilters([]);
  const toggle = (label: DishLabel, on: boolean) => {
    const current = guestStore.getState().menuFilters;
    guestStore.getState().setMenuFilters(on ? [...current, label] : current.filter((chosen) => chosen !== label));
  };
  return (
    <div className="menu-filters">
      <Button
        variant="secondary"
        icon={<SlidersHorizontal />}
        className="menu-filters__open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {filters.length > 0 ? `${FILTERS_TITLE}: ${filters.length}` : FILTERS_TITLE}
      </Button>
      <p className="menu-filters__status" role="status">
        {filters.length > 0 ? hiddenDishesText(hidden) : ''}
      </p>
      {filters.length > 0 ? (
        <Button variant="ghost" className="menu-filters__clear" onClick={clear}>
          {CLEAR_FILTERS}
        </Button>
      ) : null}
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={FILTERS_TITLE}
        footer={
          <div className="menu-filters__footer">
            <Button variant="ghost" onClick={clear} disabled={filters.length === 0}>
              {CLEAR_FILTERS}
            </Button>
            <Button block onClick={() => setOpen(false)}>
              {showDishesText(shown.length)}
            </Button>
          </div>
        }
      >
        {GROUPS.map((group) => (
          <fieldset key={group.title} className="menu-filters__group">
            <legend className="menu-filters__legend">{group.title}</legend>
            {group.labels.map((label) => (
              <label key={label} className="menu-filters__choice">
                <input
                  type="checkbox"
                  checked={filters.includes(label)}
                  onChange={(event) => toggle(label, event.target.checked)}
                />
                <span>{DISH_FILTER_NAMES[label]}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </BottomSheet>
    </div>
  );
}
