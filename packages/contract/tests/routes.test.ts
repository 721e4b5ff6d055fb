import { describe, expect, it } from 'vitest';
import { matchAppRoute } from '../src/routes';

describe('matchAppRoute (SPEC 2 route table)', () => {
  it.each([
    ['/', 'orderType'],
    ['/auth', 'auth'],
    ['/auth/', 'auth'],
    ['/menu/12/inrest', 'restoranMenu'],
    ['/menu_list', 'menuList'],
    ['/zagruzka/detail/abc', 'zagruzkaDetail'],
    ['/zagruzka/detail/abc/1200', 'zagruzkaDetail'],
    ['/zagruzka/rest_list', 'zagruzkaRestList'],
    ['/booking/step_2?x=1', 'bookingStep2'],
    ['/kiosk/3', 'kiosk'],
    ['/about/4', 'aboutById'],
  ])('matches %s as %s', (path, name) => {
    expect(matchAppRoute(path)).toBe(name);
  });

  it.each(['/menu/12', '/menu/12/inrest/extra', '/nothing', '/zagruzka/detail', '/kiosk'])(
    'matches nothing for %s',
    (path) => {
      expect(matchAppRoute(path)).toBeUndefined();
    },
  );
});
