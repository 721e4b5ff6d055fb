const NATIONAL_DIGITS = 10;

function nationalDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  // The first digit is the country code when the text starts with '+' or with 7 or 8,
  // except a bare 10-digit national number such as 8005553535.
  const countryCodeFirst =
    raw.trimStart().startsWith('+') || (digits.length !== NATIONAL_DIGITS && /^[78]/.test(digits));
  return countryCodeFirst ? digits.slice(1) : digits;
}

// A leading 7 or 8 (or whatever follows '+') is the country code; extra digits are dropped;
// separators appear only as digits arrive, so deleting works.
/** Phone input masked as '+7 (916) 123-45-67' while it is typed (SPEC 5). */
export function formatPhoneInput(raw: string): string {
  if (!/\d/.test(raw)) return '';
  // Digits past the tenth national one fall outside the last group and are dropped.
  const national = nationalDigits(raw);
  const groups: Array<[start: number, end: number, prefix: string]> = [
    [0, 3, ' ('],
    [3, 6, ') '],
    [6, 8, '-'],
    [8, 10, '-'],
  ];
  return groups.reduce(
    (text, [start, end, prefix]) => (national.length > start ? `${text}${prefix}${national.slice(start, end)}` : text),
    '+7',
  );
}

/** The wire phone '79161234567', or null unless the input has exactly 11 digits starting 7 or 8 (SPEC 5). */
export function phoneDigits(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  return /^[78]\d{10}$/.test(digits) ? `7${digits.slice(1)}` : null;
}

/** A dialable tel: link of a phone as written ('+7 (495) 123-45-67' → 'tel:+74951234567'): digits and a leading plus only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
