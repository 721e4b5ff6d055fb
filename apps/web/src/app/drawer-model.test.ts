import { describe, expect, it } from 'vitest';
import { type DrawerEntry, type DrawerInput, drawerModel, formatPhone, telHref } from './drawer-model';

const BASE: DrawerInput = {
  authorized: false,
  kiosk: false,
  dishesLoaded: false,
  orderType: null,
  hotline: '+7 (495) 123-45-67',
  userName: '',
  userPhone: '',
};
const SIGNED_IN: DrawerInput = { ...BASE, authorized: true, userName: 'Анна', userPhone: '79991234567' };

const labels = (entries: readonly DrawerEntry[]) => entries.map((entry) => entry.label);

describe('side drawer (SPEC 2 Side drawer)', () => {
  it('offers the phone hotline as a tel: link, and feedback', () => {
    const { contact } = drawerModel(BASE);
    expect(contact).toEqual([
      { kind: 'call', icon: 'phone', label: 'Горячая линия', detail: '+7 (495) 123-45-67', href: 'tel:+74951234567' },
      { kind: 'link', icon: 'feedback', label: 'Обратная связь', href: '/feedback' },
    ]);
  });

  it('leaves the hotline out until settings give one', () => {
    expect(labels(drawerModel({ ...BASE, hotline: null }).contact)).toEqual(['Обратная связь']);
  });

  it('SPEC 2 / SPEC 6: hides hotline and feedback in kiosk mode', () => {
    expect(drawerModel({ ...BASE, kiosk: true }).contact).toEqual([]);
  });

  it('when signed in shows name and phone, then orders, profile, addresses and ratings', () => {
    const model = drawerModel(SIGNED_IN);
    expect(model.profile).toEqual({ name: 'Анна', phone: '+7 (999) 123-45-67' });
    // A guest signed in by e-mail has no phone: the address stands in its place.
    expect(drawerModel({ ...SIGNED_IN, userPhone: '', userEmail: 'anna@example.ru' }).profile).toEqual({
      name: 'Анна',
      phone: 'anna@example.ru',
    });
    expect(labels(model.account)).toEqual(['Мои заказы', 'Мой профиль', 'Мои адреса', 'Мои оценки']);
    expect(model.account.map((entry) => ('href' in entry ? entry.href : null))).toEqual([
      '/order_list',
      '/profile',
      '/address_list',
      '/rate_list',
    ]);
  });

  it('shows Любимое only once dishes are loaded', () => {
    expect(labels(drawerModel({ ...SIGNED_IN, dishesLoaded: true }).account)).toEqual([
      'Мои заказы',
      'Мой профиль',
      'Любимое',
      'Мои адреса',
      'Мои оценки',
    ]);
  });

  it('shows no personal section when signed out', () => {
    const model = drawerModel({ ...BASE, dishesLoaded: true });
    expect(model.profile).toBeNull();
    expect(model.account).toEqual([]);
  });

  it('always offers home, delivery terms, offer and logout; a kiosk, having no login (SPEC 6), no logout', () => {
    expect(labels(drawerModel(BASE).general)).toEqual(['Главная', 'Условия доставки', 'Оферта', 'Выход']);
    expect(labels(drawerModel({ ...BASE, kiosk: true }).general)).toEqual(['Главная', 'Условия доставки', 'Оферта']);
  });

  it.each(['delivery', 'self'] as const)('offers О кафе for the %s order type', (orderType) => {
    expect(labels(drawerModel({ ...BASE, orderType }).general)).toEqual([
      'Главная',
      'О кафе',
      'Условия доставки',
      'Оферта',
      'Выход',
    ]);
  });

  it('does not offer О кафе in the restaurant (inrest) order type', () => {
    expect(labels(drawerModel({ ...BASE, orderType: 'inrest' }).general)).not.toContain('О кафе');
  });
});

describe('phone display', () => {
  it('formats an 11-digit number', () => {
    expect(formatPhone('89991234567')).toBe('+7 (999) 123-45-67');
  });

  it('leaves other numbers as they are', () => {
    expect(formatPhone('12345')).toBe('12345');
  });

  it('makes a dialable link', () => {
    expect(telHref('8 800 555-35-35')).toBe('tel:88005553535');
  });
});
