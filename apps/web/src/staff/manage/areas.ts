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
    key: 'restaurants',
    title: 'Рестораны',
    summary: 'Адрес и точка на карте, часы и особые дни, услуги, «закрыть на время», код киоска',
    chainOnly: false,
    load: () => import('./restaurants/restaurants-screen'),
  },
];

/** The areas this staff member may open: none for a kitchen account, chain-wide ones only for a chain manager. */
export function manageAreasFor(me: StaffSession['me']): ManageArea[] {
  if (me.role !== 'manager') return [];
  return MANAGE_AREAS.filter((area) => !area.chainOnly || me.chain);
}
