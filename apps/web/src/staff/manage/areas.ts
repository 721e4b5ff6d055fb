import type { ComponentType } from 'react';
import type { StaffSession } from '../session';

/** What a back-office screen is given. */
export interface ManageScreenProps {
  session: StaffSession;
}

/**
 * One part of the back office (issue 31) under /staff/manage/{key}: its title in the nav and on
 * the back office's first page, who may open it, and its screen, loaded when first opened so the
 * board's tablets never load the back office.
 */
export interface ManageArea {
  key: string;
  title: string;
  /** What the area holds, one line on the back office's first page. */
  summary: string;
  /** Only a manager of the whole chain (the team, the chain's texts and settings). */
  chainOnly: boolean;
  load: () => Promise<{ default: ComponentType<ManageScreenProps> }>;
}

/** Every area, in the order the nav shows them. Each area's screen registers here. */
export const MANAGE_AREAS: readonly ManageArea[] = [
  {
    key: 'menu',
    title: 'Меню',
    summary: 'Категории, блюда, опции, метки, фото и где какое блюдо есть',
    chainOnly: false,
    load: () => import('./menu/menu-screen'),
  },
  {
    key: 'extras',
    title: 'Приборы и рекомендации',
    summary: 'Приборы с бесплатным количеством и что корзина предлагает к заказу.',
    chainOnly: false,
    load: () => import('./extras/extras-page'),
  },
  {
    key: 'catalogue',
    title: 'Каталог',
    summary: 'Выгрузка и загрузка меню файлом, цены таблицей',
    chainOnly: true,
    load: () => import('./catalogue/catalogue-screen'),
  },
  {
    key: 'restaurants',
    title: 'Рестораны',
    summary: 'Адрес и точка на карте, часы и особые дни, услуги, «закрыть на время», код киоска',
    chainOnly: false,
    load: () => import('./restaurants/restaurants-screen'),
  },
  {
    key: 'zones',
    title: 'Зоны доставки',
    summary: 'Границы на карте, суммы, окна доставки; выключить зону в час пик; GeoJSON',
    chainOnly: false,
    load: () => import('./zones/zones-page'),
  },
  {
    key: 'coupons',
    title: 'Купоны',
    summary: 'Скидки по коду: процент или сумма, сроки, лимиты; использования и сумма скидок.',
    chainOnly: false,
    load: () => import('./coupons/coupons-screen'),
  },
  {
    key: 'texts',
    title: 'Тексты и настройки',
    summary: 'О сети, условия доставки, оферта; горячая линия, ссылки на приложения и настройки.',
    chainOnly: true,
    load: () => import('./texts/texts-screen'),
  },
  {
    key: 'refunds',
    title: 'Возвраты',
    summary: 'Деньги, возвращённые гостям, и возвраты, которые банк не провёл.',
    chainOnly: false,
    load: () => import('../refunds/refunds-area'),
  },
  {
    key: 'team',
    title: 'Команда',
    summary: 'Сотрудники, их роли и рестораны, пароли, доступ и сеансы',
    chainOnly: true,
    load: () => import('./team/team-screen'),
  },
];

/** The areas this staff member may open: none for a kitchen account, chain-wide ones only for a chain manager. */
export function manageAreasFor(me: StaffSession['me']): ManageArea[] {
  if (me.role !== 'manager') return [];
  return MANAGE_AREAS.filter((area) => !area.chainOnly || me.chain);
}
