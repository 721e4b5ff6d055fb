import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { STAFF_TEAM_TEXTS, type StaffMe, type StaffTeamAccount } from '@chain/contract';
import { api } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { DEMO_MANAGER, lastStaffCode, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];

// Issue 31, the back office's team (docs/back-office.md "Team"), on the staff tablet (1024×768):
// the chain manager's open list shows what a second chain manager adds and disables (decision
// 055); the manager adds a kitchen account and reads its password once on screen; the new
// account signs in with it on another tablet and opens its board; the manager sees its session
// appear, disables the account, and the kitchen tablet is signed out at once — no reload.
describe('the team screen (/staff/manage/team) on a tablet', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a second chain manager’s changes appear in the open list; the manager adds a kitchen account, it signs in with the password shown once, the manager disables it and its session ends', async () => {
    // The manager, signed in through the API helpers (the sign-in screen has its own journey).
    const token = await staffTokenOf(baseUrl, DEMO_MANAGER);
    const me = (await (
      await fetch(`${baseUrl}/api/staff/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as StaffMe;
    const managerContext = await tabletContext(browser!, baseUrl);
    await managerContext.addInitScript((session) => {
      if (!sessionStorage.getItem('chain-staff-session')) sessionStorage.setItem('chain-staff-session', session);
    }, JSON.stringify({ token, me }));
    const manager = await managerContext.newPage();
    const errors: string[] = [];
    manager.on('pageerror', (error) => errors.push(error.message));
    await manager.goto('/staff/manage');
    await manager.getByRole('link', { name: /Команда/ }).tap();
    await manager.getByRole('heading', { level: 1, name: 'Команда' }).waitFor();
    await manager
      .getByRole('cell', { name: /manager/ })
      .first()
      .waitFor();
    await auditScreen(manager, '/staff/manage/team (list)');
    if (SHOTS) await manager.screenshot({ path: `${SHOTS}/team-list.png`, fullPage: true });

    // A second chain manager, at another desk (through the API), adds a cashier and then disables
    // it: the first manager's open list shows both, without a reload.
    await manager.evaluate(() => Object.assign(globalThis, { openedOnce: true }));
    const stamp = Date.now().toString(36);
    const added = (as: string, body: object) =>
      api<{ account: StaffTeamAccount; password: string }>(
        baseUrl,
        '/api/staff/team',
        { delivery: 'show', ...body },
        { authorization: `Bearer ${as}` },
      );
    const deputy = await added(token, {
      login: `deputy.${stamp}`,
      name: 'Заместитель',
      email: `deputy.${stamp}@staff.demo`,
      role: 'manager',
      chain: true,
      restaurant_ids: [],
    });
    const deputyToken = await staffTokenOf(baseUrl, {
      login: deputy.account.login,
      password: deputy.password,
      email: deputy.account.email,
    });
    const cashier = await added(deputyToken, {
      login: `cashier.${stamp}`,
      name: `Кассир ${stamp}`,
      email: `cashier.${stamp}@staff.demo`,
      role: 'kitchen',
      chain: false,
      restaurant_ids: [1],
    });
    const cashierRow = manager
      .getByRole('row')
      .filter({ has: manager.getByRole('button', { name: `Кассир ${stamp}` }) });
    await cashierRow.getByRole('cell', { name: 'Активен' }).waitFor();
    await api(
      baseUrl,
      `/api/staff/team/${cashier.account.id}/active`,
      { version: cashier.account.version, active: false },
      { authorization: `Bearer ${deputyToken}` },
    );
    await cashierRow.getByRole('cell', { name: 'Отключён' }).waitFor();
    expect(await manager.evaluate(() => (globalThis as { openedOnce?: boolean }).openedOnce)).toBe(true);

    const login = `cook.${Date.now().toString(36)}`;
    const email = `${login}@staff.demo`;
    await manager.getByRole('button', { name: 'Добавить сотрудника' }).tap();
    await manager.getByLabel(/^Логин/).fill(login);
    await manager.getByLabel('Имя').fill('Повар Иван');
    await manager.getByLabel(/^E-mail/).fill(email);
    await manager.getByLabel('Ресторан кухни').selectOption('1');
    await auditScreen(manager, '/staff/manage/team (add)');
    if (SHOTS) await manager.screenshot({ path: `${SHOTS}/team-add.png`, fullPage: true });
    await manager.getByRole('button', { name: 'Добавить', exact: true }).tap();
    const shown = manager.getByRole('alertdialog', { name: `Пароль для ${login}` });
    await shown.waitFor();
    expect(await shown.textContent()).toContain(STAFF_TEAM_TEXTS.passwordOnce);
    const password = (await shown.locator('code').textContent()) ?? '';
    expect(password).toMatch(/^[a-zA-Z2-9]{16}$/);
    await auditScreen(manager, '/staff/manage/team (password shown once)');
    if (SHOTS) await manager.screenshot({ path: `${SHOTS}/team-password.png`, fullPage: true });
    await shown.getByRole('button', { name: 'Я сохранил пароль, закрыть' }).tap();
    await shown.waitFor({ state: 'detached' });
    expect(await manager.getByText(password).count()).toBe(0);

    // The new account signs in on the kitchen's tablet with that password and the e-mailed code.
    const kitchenContext = await tabletContext(browser!, baseUrl);
    const kitchen = await kitchenContext.newPage();
    await kitchen.goto('/staff');
    await kitchen.getByRole('heading', { level: 1, name: 'Вход для сотрудников' }).waitFor();
    await kitchen.getByLabel('Логин').fill(login);
    await kitchen.getByLabel('Пароль').fill(password);
    await kitchen.getByRole('button', { name: 'Далее' }).tap();
    await kitchen.getByLabel('Код из письма').waitFor();
    await kitchen.getByLabel('Код из письма').fill(await lastStaffCode(baseUrl, email));
    await kitchen.getByRole('button', { name: 'Войти' }).tap();
    await kitchen.getByRole('heading', { level: 2, name: /^Новые/ }).waitFor();
    const kitchenToken = await kitchen.evaluate(
      () => (JSON.parse(sessionStorage.getItem('chain-staff-session') ?? '{}') as { token?: string }).token ?? '',
    );
    expect(
      (await fetch(`${baseUrl}/api/staff/me`, { headers: { authorization: `Bearer ${kitchenToken}` } })).status,
    ).toBe(200);

    // The manager sees its session appear as it signs in, then disables it after a confirmation.
    await manager.getByText(/Chrome на Linux/).waitFor();
    await auditScreen(manager, '/staff/manage/team (account)');
    if (SHOTS) await manager.screenshot({ path: `${SHOTS}/team-account.png`, fullPage: true });
    await manager.getByRole('button', { name: 'Отключить сотрудника' }).tap();
    const confirm = manager.getByRole('group', { name: `Отключить ${login}?` });
    await auditScreen(manager, '/staff/manage/team (disable confirmation)');
    const disabledAt = Date.now();
    await confirm.getByRole('button', { name: 'Да, отключить' }).tap();
    await manager.getByText('Сотрудник отключён и не может войти.').waitFor();
    await manager.getByText('Нет открытых сеансов.').waitFor();

    // Its token is refused at once, and its tablet — whose board stream closed — is back at the sign-in, without a reload.
    expect(
      (await fetch(`${baseUrl}/api/staff/me`, { headers: { authorization: `Bearer ${kitchenToken}` } })).status,
    ).toBe(401);
    await kitchen.getByRole('heading', { level: 1, name: 'Вход для сотрудников' }).waitFor({ timeout: 10_000 });
    console.log(
      `team e2e: the disabled kitchen tablet was back at the sign-in ${Date.now() - disabledAt} ms after the confirmation`,
    );
    if (SHOTS) await kitchen.screenshot({ path: `${SHOTS}/team-kitchen-signed-out.png` });
    // And the password no longer opens anything.
    await kitchen.getByLabel('Логин').fill(login);
    await kitchen.getByLabel('Пароль').fill(password);
    await kitchen.getByRole('button', { name: 'Далее' }).tap();
    await kitchen.getByRole('alert').waitFor();

    expect(errors).toEqual([]);
    await kitchenContext.close();
    await managerContext.close();
  });
});
