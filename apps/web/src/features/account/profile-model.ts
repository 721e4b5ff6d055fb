import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';
import { formatPhoneInput, phoneDigits, validatePhone, validateProfileEmail } from '@chain/domain';
import type { User } from '../../state/guest-store';
import type { ProfileFieldName, ProfileFields } from './api/profile';

/*
 * Мой профиль's form (SPEC 3 User, SPEC 5): its fields with their limits, the form filled from
 * the stored user, the checks before saving and the fields user/update is sent.
 */

export interface ProfileFieldSpec {
  readonly name: ProfileFieldName;
  readonly label: string;
  /** user/update's longest value of the field (userUpdateRequest; profile-model.test.ts checks them). */
  readonly maxLength: number;
  readonly autoComplete: HTMLInputAutoCompleteAttribute;
  readonly type?: HTMLInputTypeAttribute;
  readonly inputMode?: 'text' | 'tel' | 'email' | 'numeric';
}

/** Name and the contacts the guest signs in with, and the loyalty card. */
export const CONTACT_FIELDS: readonly ProfileFieldSpec[] = [
  { name: 'name', label: 'Имя', maxLength: 100, autoComplete: 'name' },
  { name: 'phone', label: 'Телефон', maxLength: 40, autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  { name: 'email', label: 'E-mail', maxLength: 254, autoComplete: 'email', type: 'email', inputMode: 'email' },
  { name: 'card', label: 'Карта лояльности', maxLength: 50, autoComplete: 'off', inputMode: 'numeric' },
];

/** The home address of SPEC 3 User. */
export const ADDRESS_FIELDS: readonly ProfileFieldSpec[] = [
  { name: 'city', label: 'Город', maxLength: 100, autoComplete: 'address-level2' },
  { name: 'street', label: 'Улица', maxLength: 200, autoComplete: 'address-line1' },
  { name: 'house', label: 'Дом', maxLength: 20, autoComplete: 'off' },
  { name: 'room', label: 'Квартира', maxLength: 20, autoComplete: 'off' },
];

/** The form as the stored user fills it; the phone shown with its +7 mask. */
export function profileFormOf(user: User): ProfileFields {
  return {
    name: user.name,
    phone: formatPhoneInput(user.phone),
    email: user.email,
    card: user.card,
    city: user.city,
    street: user.street,
    house: user.house,
    room: user.room,
  };
}

export type ProfileErrors = Partial<Record<ProfileFieldName, string>>;

/**
 * What keeps the form from being saved, by field (SPEC 5): an e-mail not of the e-mail pattern
 * («Неверный формат email»), a phone typed but not 11 digits. Empty ones are allowed here; the
 * server asks for one of the two to stay.
 */
export function profileErrors(form: ProfileFields): ProfileErrors {
  const errors: ProfileErrors = {};
  const email = validateProfileEmail(form.email);
  if (email) errors.email = email;
  if (form.phone.trim() !== '') {
    const phone = validatePhone(form.phone);
    if (phone) errors.phone = phone;
  }
  return errors;
}

/**
 * The fields a save refused by user/update is about, by its code, to mark them beside the
 * message (docs/design.md: an error sits next to what caused it): a bad or taken e-mail or phone, or
 * both contacts emptied (one must stay). None for a refusal of no field.
 */
export function refusedFields(code: string | null): ProfileFieldName[] {
  switch (code) {
    case 'email':
    case 'email_taken':
      return ['email'];
    case 'phone':
    case 'phone_taken':
      return ['phone'];
    case 'contact_required':
      return ['phone', 'email'];
    default:
      return [];
  }
}

/** The fields user/update is sent: trimmed, the phone as its 11 digits (or empty). */
export function profileRequest(form: ProfileFields): ProfileFields {
  return {
    name: form.name.trim(),
    phone: phoneDigits(form.phone) ?? '',
    email: form.email.trim(),
    card: form.card.trim(),
    city: form.city.trim(),
    street: form.street.trim(),
    house: form.house.trim(),
    room: form.room.trim(),
  };
}
