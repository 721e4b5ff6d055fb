import { describe, expect, it } from 'vitest';
import { userUpdateRequest } from '@chain/contract';
import { PHONE_MESSAGE, PROFILE_EMAIL_MESSAGE } from '@chain/domain';
import { EMPTY_USER } from '../../state/guest-store';
import { ADDRESS_FIELDS, CONTACT_FIELDS, profileErrors, profileFormOf, profileRequest } from './profile-model';

const FORM = { name: '', phone: '', email: '', card: '', city: '', street: '', house: '', room: '' };

describe('Мой профиль form (SPEC 3 User, SPEC 5)', () => {
  it.each([...CONTACT_FIELDS, ...ADDRESS_FIELDS])("bounds $label by user/update's own limit ($maxLength)", (field) => {
    const at = userUpdateRequest.safeParse({ id: 1, password: 't', [field.name]: 'a'.repeat(field.maxLength) });
    const past = userUpdateRequest.safeParse({ id: 1, password: 't', [field.name]: 'a'.repeat(field.maxLength + 1) });
    expect(at.success).toBe(true);
    expect(past.success).toBe(false);
  });

  it('fills the form from the stored user, the phone with its +7 mask', () => {
    const form = profileFormOf({
      ...EMPTY_USER,
      name: 'Анна',
      phone: '79161234567',
      email: 'a@b.ru',
      city: 'Москва',
      house: '7',
    });
    expect(form).toEqual({
      ...FORM,
      name: 'Анна',
      phone: '+7 (916) 123-45-67',
      email: 'a@b.ru',
      city: 'Москва',
      house: '7',
    });
  });

  it("refuses an e-mail not of the pattern with SPEC 5's «Неверный формат email», allows an empty one", () => {
    expect(profileErrors({ ...FORM, email: 'anna@' })).toEqual({ email: PROFILE_EMAIL_MESSAGE });
    expect(profileErrors({ ...FORM, email: 'anna@example.ru' })).toEqual({});
    expect(profileErrors(FORM)).toEqual({});
  });

  it('refuses a phone typed but short of 11 digits, allows an empty one', () => {
    expect(profileErrors({ ...FORM, phone: '+7 (916) 123' })).toEqual({ phone: PHONE_MESSAGE });
    expect(profileErrors({ ...FORM, phone: '+7 (916) 123-45-67' })).toEqual({});
  });

  it('sends every field trimmed and the phone as its 11 digits', () => {
    expect(
      profileRequest({ ...FORM, name: '  Анна ', phone: '+7 (916) 123-45-67', email: ' a@b.ru ', room: ' 12 ' }),
    ).toEqual({
      ...FORM,
      name: 'Анна',
      phone: '79161234567',
      email: 'a@b.ru',
      room: '12',
    });
    expect(profileRequest({ ...FORM, phone: '+7' }).phone).toBe('');
  });
});
