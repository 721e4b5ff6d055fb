// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyCall,
  BACKOFFICE_TEXTS,
  STAFF_TEAM_TEXTS,
  STAFF_TEXTS,
  staffTeamEventsCall,
  type StaffTeamAccount,
} from '@chain/contract';
import { ApiError } from '../../../api/client';
import { followLiveStream, type LiveStreamOptions } from '../../../api/live-stream';
import { staffCall } from '../../api';
import { setStaffSession, type StaffSession } from '../../session';
import { ManagePage } from '../manage-page';
import { deviceText, placesText, roleText, withRestaurant, withRole } from './team-model';
import TeamScreen from './team-screen';

// Issue 31, the back office's team on screen: the list, adding a kitchen account whose password
// is shown once with a copy button, disabling only after a confirmation, the sessions, and the
// door closed to anyone but a chain manager.

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));
vi.mock(import('../../../api/live-stream'), async (importOriginal) => ({
  ...(await importOriginal()),
  followLiveStream: vi.fn(() => () => undefined),
}));

afterEach(() => {
  cleanup();
  vi.mocked(staffCall).mockReset();
  vi.mocked(followLiveStream).mockClear();
  setStaffSession(null);
});

/** The team's stream the screen follows (the live stream mocked): what it was asked to do with events. */
function teamStream(): LiveStreamOptions {
  const options = vi
    .mocked(followLiveStream)
    .mock.calls.map(([given]) => given)
    .findLast((given) => given.url === staffTeamEventsCall.path);
  if (!options) throw new Error('the team stream is not followed');
  return options;
}

const settle = () => act(async () => {});
const RESTAURANTS = [
  { id: 1, name: 'Патриаршие' },
  { id: 2, name: 'Тверская' },
];
const account = (fields: Partial<StaffTeamAccount>): StaffTeamAccount => ({
  id: 1,
  login: 'boss',
  name: 'Анна',
  email: 'boss@chain.ru',
  role: 'manager',
  chain: true,
  restaurant_ids: [],
  active: true,
  version: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  sessions: 1,
  ...fields,
});
const chief: StaffSession = {
  token: 't',
  me: { id: 1, login: 'boss', name: 'Анна', role: 'manager', chain: true, restaurants: RESTAURANTS },
};

/** Answers staffCall by the call's name; records what was sent. */
function serve(answers: Record<string, (body: unknown) => unknown>) {
  const sent: Array<{ name: string; body: unknown }> = [];
  vi.mocked(staffCall).mockImplementation(async (definition: AnyCall, ...args: unknown[]) => {
    const body = definition.body === undefined ? undefined : args[0];
    sent.push({ name: definition.name, body });
    const answer = answers[definition.name];
    if (!answer) throw new Error(`unexpected ${definition.name}`);
    return answer(body);
  });
  return sent;
}

describe('the team’s pure parts', () => {
  it('reads roles and places, keeps a kitchen to one restaurant and never the chain’s', () => {
    expect(roleText({ role: 'manager', chain: true })).toBe('Менеджер сети');
    expect(roleText({ role: 'kitchen', chain: false })).toBe('Кухня');
    expect(placesText({ chain: false, restaurant_ids: [2, 9] }, RESTAURANTS)).toBe('Тверская, №9');
    expect(placesText({ chain: true, restaurant_ids: [] }, RESTAURANTS)).toBe('Вся сеть');
    const manager = { name: 'X', email: 'x@chain.ru', role: 'manager' as const, chain: true, restaurant_ids: [2, 1] };
    expect(withRole(manager, 'kitchen')).toEqual({ ...manager, role: 'kitchen', chain: false, restaurant_ids: [2] });
    expect(withRestaurant({ ...manager, restaurant_ids: [2] }, 1, true).restaurant_ids).toEqual([1, 2]);
    expect(withRestaurant({ ...manager, restaurant_ids: [1, 2] }, 2, false).restaurant_ids).toEqual([1]);
    expect(deviceText('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe(
      'Chrome на Android',
    );
    expect(deviceText('')).toBe('Неизвестное устройство');
  });
});

describe('the team screen (issue 31)', () => {
  it('lists the team; adds a kitchen account of one restaurant and shows its password once, with a copy button and the warning', async () => {
    const cook = account({
      id: 7,
      login: 'cook',
      name: 'Повар',
      role: 'kitchen',
      chain: false,
      restaurant_ids: [2],
      sessions: 0,
    });
    const sent = serve({
      staffTeam: () => ({ accounts: [account({})], restaurants: RESTAURANTS }),
      staffTeamAdd: () => ({ account: cook, password: 'Secret23456789ab', emailed_to: null }),
      staffTeamSessions: () => ({ sessions: [] }),
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<TeamScreen session={chief} />);
    await settle();
    const rows = screen.getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Менеджер сети');
    expect(rows[1]?.textContent).toContain('Вся сеть');

    fireEvent.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));
    fireEvent.change(screen.getByLabelText(/^Логин/), { target: { value: 'cook' } });
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Повар' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'cook@chain.ru' } });
    // A kitchen picks its one restaurant from a list, never ticks several.
    expect(screen.queryByRole('group', { name: 'Рестораны менеджера' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Ресторан кухни'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await settle();
    expect(sent.find((entry) => entry.name === 'staffTeamAdd')?.body).toEqual({
      login: 'cook',
      name: 'Повар',
      email: 'cook@chain.ru',
      role: 'kitchen',
      chain: false,
      restaurant_ids: [2],
      delivery: 'show',
    });
    const shown = screen.getByRole('alertdialog', { name: 'Пароль для cook' });
    expect(within(shown).getByText('Secret23456789ab')).toBeTruthy();
    expect(shown.textContent).toContain(STAFF_TEAM_TEXTS.passwordOnce);
    fireEvent.click(within(shown).getByRole('button', { name: 'Скопировать пароль' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith('Secret23456789ab');
    expect(within(shown).getByRole('status').textContent).toBe('Скопировано.');
    fireEvent.click(within(shown).getByRole('button', { name: 'Я сохранил пароль, закрыть' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('Secret23456789ab')).toBeNull();
    // The new account's panel is open.
    expect(screen.getByRole('heading', { level: 2, name: /Повар/ })).toBeTruthy();
  });

  it('shows the server’s refusal in its words and keeps what was typed', async () => {
    serve({
      staffTeam: () => ({ accounts: [account({})], restaurants: RESTAURANTS }),
      staffTeamAdd: () => {
        throw new ApiError(STAFF_TEAM_TEXTS.loginTaken, 'server', 409, 'login_taken');
      },
    });
    render(<TeamScreen session={chief} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить сотрудника' }));
    fireEvent.change(screen.getByLabelText(/^Логин/), { target: { value: 'boss' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(STAFF_TEAM_TEXTS.loginTaken);
    expect(screen.getByLabelText<HTMLInputElement>(/^Логин/).value).toBe('boss');
  });

  it('disables an account only after a confirmation, sends the version, lists and ends its sessions; the own account offers no disabling', async () => {
    const cook = account({
      id: 7,
      login: 'cook',
      name: 'Повар',
      role: 'kitchen',
      chain: false,
      restaurant_ids: [2],
      version: 3,
      sessions: 1,
    });
    const sent = serve({
      staffTeam: () => ({ accounts: [account({}), cook], restaurants: RESTAURANTS }),
      staffTeamSessions: () => ({
        sessions: [
          {
            id: 41,
            user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
            created_at: '2026-11-28T08:00:00.000Z',
            last_seen_at: '2026-11-28T08:30:00.000Z',
            expires_at: '2026-11-28T22:00:00.000Z',
            current: false,
          },
        ],
      }),
      staffTeamActive: () => ({ ...cook, active: false, version: 4, sessions: 0 }),
      staffTeamEndSessions: () => ({ ended: 1 }),
    });
    render(<TeamScreen session={chief} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Повар' }));
    await settle();
    expect(screen.getByText('Chrome на Linux')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Отключить сотрудника' }));
    expect(sent.some((entry) => entry.name === 'staffTeamActive')).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Отключить cook?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Да, отключить' }));
    await settle();
    expect(sent.find((entry) => entry.name === 'staffTeamActive')?.body).toEqual({ version: 3, active: false });
    expect(screen.getByText('Сотрудник отключён и не может войти.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Включить снова' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Завершить все сеансы' }));
    await settle();
    expect(sent.find((entry) => entry.name === 'staffTeamEndSessions')?.body).toEqual({ session_id: null });

    fireEvent.click(screen.getByRole('button', { name: '← Вся команда' }));
    fireEvent.click(screen.getByRole('button', { name: 'Анна' }));
    await settle();
    expect(screen.queryByRole('button', { name: 'Отключить сотрудника' })).toBeNull();
    expect(screen.getByText(/Свою учётную запись отключить нельзя/)).toBeTruthy();
    expect(screen.queryByLabelText('Роль')).toBeNull();
  });

  it('follows the team live: another manager’s changes show in the open list and panel, an edit in progress keeps its input and saves over its version (409)', async () => {
    const cook = account({
      id: 7,
      login: 'cook',
      name: 'Повар',
      role: 'kitchen',
      chain: false,
      restaurant_ids: [2],
      version: 3,
      sessions: 1,
    });
    let team = [account({}), cook];
    const sent = serve({
      staffTeam: () => ({ accounts: team, restaurants: RESTAURANTS }),
      staffTeamSessions: () => ({ sessions: [] }),
      staffTeamSave: () => {
        throw new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', null, {
          body: { success: false, error: 'stale_version', message: BACKOFFICE_TEXTS.staleVersion, current: team[1] },
        });
      },
    });
    setStaffSession(chief);
    render(<TeamScreen session={chief} />);
    await settle();
    expect(teamStream().headers).toEqual({ authorization: 'Bearer t' });
    fireEvent.click(screen.getByRole('button', { name: 'Повар' }));
    await settle();
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Повар Иван' } });

    // Another chain manager renames the cook, moves it and ends its session, and adds an account.
    team = [
      account({}),
      { ...cook, name: 'Повар Пётр', restaurant_ids: [1], version: 4, sessions: 0 },
      account({ id: 9, login: 'newbie', name: 'Новичок', role: 'kitchen', chain: false, restaurant_ids: [1] }),
    ];
    const asked = () => sent.filter((entry) => entry.name === 'staffTeam').length;
    const sessionsAsked = () => sent.filter((entry) => entry.name === 'staffTeamSessions').length;
    const [teamBefore, sessionsBefore] = [asked(), sessionsAsked()];
    act(() => void teamStream().onEvent({ event: 'account', data: JSON.stringify({ id: 7 }) }));
    await settle();
    expect(asked()).toBe(teamBefore + 1);
    expect(sessionsAsked()).toBeGreaterThan(sessionsBefore);
    expect(screen.getByRole('heading', { level: 2, name: /Повар Пётр/ })).toBeTruthy();
    expect(screen.getByText(/Кухня · Патриаршие/)).toBeTruthy();
    // What was typed stays, and its save goes over the version it was based on: a 409 with the new values.
    expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('Повар Иван');
    fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await settle();
    expect(sent.find((entry) => entry.name === 'staffTeamSave')?.body).toMatchObject({
      version: 3,
      name: 'Повар Иван',
    });
    const stale = screen.getByRole('alert');
    expect(stale.textContent).toContain(BACKOFFICE_TEXTS.staleVersion);
    expect(stale.textContent).toContain('Имя: Повар Пётр');

    // The list shows the new account; after a reconnect it is read again.
    fireEvent.click(screen.getByRole('button', { name: '← Вся команда' }));
    expect(screen.getByRole('button', { name: 'Новичок' })).toBeTruthy();
    const beforeReconnect = asked();
    act(() => teamStream().onOpen?.(true));
    await settle();
    expect(asked()).toBe(beforeReconnect + 1);
  });

  it('is the chain manager’s: a restaurant’s manager reads that only a chain manager may', () => {
    render(<ManagePage session={{ token: 't', me: { ...chief.me, chain: false } }} area="team" />);
    expect(screen.getByRole('alert').textContent).toBe(STAFF_TEXTS.chainManagerOnly);
  });
});
