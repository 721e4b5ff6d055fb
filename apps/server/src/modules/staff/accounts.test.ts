import { describe, expect, it } from 'vitest';
import { STAFF_GENERATED_PASSWORD_LENGTH, STAFF_PASSWORD_MIN_LENGTH, STAFF_TEAM_TEXTS } from '@chain/contract';
import { AppError } from '../../http/errors';
import { checkStaffAccount, keepAChainManager } from './accounts';
import { generatePassword, passwordLengthFits } from './passwords';

// Issue 31: the account rules the team screen and `npm run staff` share, the chain's last
// manager, and the generated passwords.
describe('the staff account rules (issue 31)', () => {
  const base = {
    login: ' Cook.One ',
    name: ' Иван ',
    email: ' Cook@Chain.RU ',
    role: 'manager',
    chain: false,
    restaurantIds: [3, 1, 3],
  };

  it('normalises the login, name and e-mail, and names each restaurant once, in order; a chain manager names none', () => {
    expect(checkStaffAccount(base)).toEqual({
      login: 'cook.one',
      name: 'Иван',
      email: 'cook@chain.ru',
      role: 'manager',
      chain: false,
      restaurantIds: [1, 3],
    });
    expect(checkStaffAccount({ ...base, chain: true, restaurantIds: [] })).toMatchObject({
      chain: true,
      restaurantIds: [],
    });
  });

  it('refuses by field, in Russian', () => {
    expect(checkStaffAccount({ ...base, login: 'кириллица' })).toEqual({
      field: 'login',
      message: STAFF_TEAM_TEXTS.login,
    });
    expect(checkStaffAccount({ ...base, login: 'x'.repeat(65) })).toEqual({
      field: 'login',
      message: STAFF_TEAM_TEXTS.login,
    });
    expect(checkStaffAccount({ ...base, name: 'я'.repeat(201) })).toEqual({
      field: 'name',
      message: STAFF_TEAM_TEXTS.name,
    });
    expect(checkStaffAccount({ ...base, role: 'kitchen' })).toEqual({
      field: 'restaurants',
      message: STAFF_TEAM_TEXTS.kitchenOneRestaurant,
    });
    expect(checkStaffAccount({ ...base, role: 'kitchen', restaurantIds: [2], chain: true })).toEqual({
      field: 'role',
      message: STAFF_TEAM_TEXTS.chainIsManager,
    });
    expect(checkStaffAccount({ ...base, restaurantIds: [0] })).toEqual({
      field: 'restaurants',
      message: STAFF_TEAM_TEXTS.unknownRestaurant,
    });
    expect(checkStaffAccount({ ...base, restaurantIds: Array.from({ length: 501 }, (_, index) => index + 1) })).toEqual(
      { field: 'restaurants', message: STAFF_TEAM_TEXTS.unknownRestaurant },
    );
  });

  it('refuses taking the last active chain manager away, and nothing else', () => {
    const off = { role: 'manager' as const, chain: true, active: false };
    expect(() => keepAChainManager([7], 7, off)).toThrow(STAFF_TEAM_TEXTS.lastChainManager);
    expect(() => keepAChainManager([7], 7, { role: 'manager', chain: false, active: true })).toThrow(AppError);
    expect(() => keepAChainManager([7], 7, { role: 'manager', chain: true, active: true })).not.toThrow();
    expect(() => keepAChainManager([7, 9], 7, off)).not.toThrow();
    expect(() => keepAChainManager([7], 8, off)).not.toThrow();
  });

  it('generates passwords long enough, of unmistakable characters, different each time', () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword());
    expect(STAFF_GENERATED_PASSWORD_LENGTH).toBeGreaterThanOrEqual(STAFF_PASSWORD_MIN_LENGTH);
    for (const password of passwords) {
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]+$/);
      expect(password).toHaveLength(STAFF_GENERATED_PASSWORD_LENGTH);
      expect(passwordLengthFits(password)).toBe(true);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
    expect(passwordLengthFits('x'.repeat(STAFF_PASSWORD_MIN_LENGTH - 1))).toBe(false);
  });
});
