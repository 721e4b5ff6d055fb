import { STAFF_ROLE_NAMES, type StaffTeamAccount } from '@chain/contract';

// The team screen's pure parts (issue 31): how an account reads in the list, and the fields a
// manager edits. The rules themselves are the server's (modules/staff/accounts.ts); the screen
// only keeps a kitchen to one restaurant by its controls and shows the server's refusals.

export type TeamRole = StaffTeamAccount['role'];

/** What a manager sets on an account. */
export interface AccountDraft {
  name: string;
  email: string;
  role: TeamRole;
  chain: boolean;
  restaurant_ids: number[];
}

/** «Менеджер сети», «Менеджер», «Кухня». */
export function roleText(account: { role: TeamRole; chain: boolean }): string {
  return account.role === 'manager' && account.chain ? 'Менеджер сети' : STAFF_ROLE_NAMES[account.role];
}

/** Where the account acts, by the restaurants' names: «Вся сеть» for a chain manager. */
export function placesText(
  account: { chain: boolean; restaurant_ids: readonly number[] },
  restaurants: readonly { id: number; name: string }[],
): string {
  if (account.chain) return 'Вся сеть';
  const names = account.restaurant_ids.map(
    (id) => restaurants.find((restaurant) => restaurant.id === id)?.name ?? `№${id}`,
  );
  return names.join(', ') || '—';
}

/**
 * The draft after the role changes: a kitchen keeps one restaurant (the first it had, or none
 * chosen yet) and is never the chain's; a manager keeps what it had.
 */
export function withRole(draft: AccountDraft, role: TeamRole): AccountDraft {
  if (role === 'kitchen') return { ...draft, role, chain: false, restaurant_ids: draft.restaurant_ids.slice(0, 1) };
  return { ...draft, role };
}

/** The draft with one restaurant ticked or unticked (a manager's list), ordered. */
export function withRestaurant(draft: AccountDraft, id: number, on: boolean): AccountDraft {
  const ids = new Set(draft.restaurant_ids);
  if (on) ids.add(id);
  else ids.delete(id);
  return { ...draft, restaurant_ids: [...ids].sort((a, b) => a - b) };
}

/** A moment as staff read it: «28.11.2026, 14:05». */
export function momentText(iso: string): string {
  return new Date(iso).toLocaleString('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A browser's User-Agent as a short device name: «Chrome на Android», or the text itself cut short. */
export function deviceText(userAgent: string): string {
  if (userAgent === '') return 'Неизвестное устройство';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPad|iPhone/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} на ${system}`;
  return userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent;
}
