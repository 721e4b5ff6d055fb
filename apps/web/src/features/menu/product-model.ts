import type { MenuDish } from '@chain/contract';
import { DIET_LABELS, DISH_LABEL_NAMES, type DishLabel, isOn } from '@chain/domain';

type Option = MenuDish['spec'][number];

/** Single options (multicheck 0) form a radio group; multi options (multicheck 1) have counts up to max. */
export function splitOptions(dish: Pick<MenuDish, 'spec'>): { single: Option[]; multi: Option[] } {
  return {
    single: dish.spec.filter((option) => !isOn(option.multicheck)),
    multi: dish.spec.filter((option) => isOn(option.multicheck)),
  };
}

/** The single option chosen when the screen opens: the first one that is not disabled, or none. */
export function defaultSingle(dish: Pick<MenuDish, 'spec'>): number | null {
  return splitOptions(dish).single.find((option) => !isOn(option.disabled))?.specid ?? null;
}

/** The chosen multi options as the cart keeps them: ids as text, counts above zero only. */
export function chosenMulti(counts: Readonly<Record<string, number>>): Array<{ specid: string; cnt: number }> {
  return Object.entries(counts)
    .filter(([, cnt]) => cnt > 0)
    .map(([specid, cnt]) => ({ specid, cnt }));
}

/**
 * How the product card says a dish's labels (issue 31): what it is as badges («Вегетарианское»,
 * «Острое») and what it contains as one line, «Содержит: глютен, молоко, орехи»; '' for nothing.
 */
export function labelWords(labels: readonly DishLabel[]): { badges: string[]; contains: string } {
  const traits = labels.filter((label) => (DIET_LABELS as readonly DishLabel[]).includes(label) || label === 'spicy');
  const allergens = labels.filter((label) => !traits.includes(label));
  return {
    badges: traits.map((label) => DISH_LABEL_NAMES[label]),
    contains:
      allergens.length > 0
        ? `Содержит: ${allergens.map((label) => DISH_LABEL_NAMES[label].toLowerCase()).join(', ')}`
        : '',
  };
}

/**
 * The minutes of SPEC 2 Product's «Приготовим примерно за …»: the kitchen's answer for the chosen
 * time (zagruzkaLoadCookTime, SPEC 7) once it came, else the menu's cook_time — while it is asked
 * and when it failed — so the line stands from the first frame and at most its number changes.
 * 0: the dish has no cook time, no line (and nothing is asked).
 */
export function shownCookMinutes(menuMinutes: number, answered: number | null): number {
  if (!(menuMinutes > 0)) return 0;
  return answered !== null && answered > 0 ? answered : menuMinutes;
}
