/**
 * The Russian word for a count, in the form that count takes: `[one, few, many]` as in
 * «1 гость», «3 гостя», «5 гостей» (and «21 гость», «12 гостей»: 11–14 take the many form).
 * The one home of the rule; each caller names its own three forms (a genitive after «для» is
 * `['гостя', 'гостей', 'гостей']`).
 */
export function russianPlural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const whole = Math.abs(Math.trunc(count));
  const lastTwo = whole % 100;
  const last = whole % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}
