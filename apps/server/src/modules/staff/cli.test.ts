import { describe, expect, it } from 'vitest';
import { STAFF_TEAM_TEXTS } from '@chain/contract';
import { parseAdd } from './cli';

// Issue 17: staff accounts are made with the CLI (docs/staff.md); its arguments are checked first,
// by the account rules the team screen keeps too (issue 31, accounts.ts).
describe('npm run staff -- add (issue 17)', () => {
  it('takes a kitchen account of one restaurant and a chain manager', () => {
    expect(
      parseAdd([
        'Kitchen.Tverskaya',
        '--name',
        'Кухня',
        '--email',
        'K@chain.ru',
        '--role',
        'kitchen',
        '--restaurant',
        '10',
      ]),
    ).toEqual({
      login: 'kitchen.tverskaya',
      name: 'Кухня',
      email: 'k@chain.ru',
      role: 'kitchen',
      chain: false,
      restaurantIds: [10],
    });
    expect(
      parseAdd(['boss', '--name', 'Анна', '--email', 'anna@chain.ru', '--role', 'manager', '--chain']),
    ).toMatchObject({ chain: true, restaurantIds: [] });
  });

  it('refuses a kitchen of two restaurants, a chain kitchen, a manager of nothing, a bad login or e-mail, in words', () => {
    const base = ['--name', 'X', '--email', 'x@chain.ru'];
    expect(parseAdd(['k', ...base, '--role', 'kitchen'])).toBe(`<login>: ${STAFF_TEAM_TEXTS.login}`);
    expect(parseAdd(['kk', ...base, '--role', 'kitchen', '--restaurant', '1', '--restaurant', '2'])).toBe(
      `--restaurant / --chain: ${STAFF_TEAM_TEXTS.kitchenOneRestaurant}`,
    );
    expect(parseAdd(['kk', ...base, '--role', 'kitchen', '--chain'])).toBe(
      `--role: ${STAFF_TEAM_TEXTS.chainIsManager}`,
    );
    expect(parseAdd(['mm', ...base, '--role', 'manager'])).toBe(
      `--restaurant / --chain: ${STAFF_TEAM_TEXTS.managerRestaurants}`,
    );
    expect(parseAdd(['mm', '--name', 'X', '--email', 'nope', '--role', 'manager', '--chain'])).toBe(
      `--email: ${STAFF_TEAM_TEXTS.email}`,
    );
    expect(parseAdd(['mm', ...base, '--role', 'cook', '--chain'])).toBe(`--role: ${STAFF_TEAM_TEXTS.role}`);
  });
});
