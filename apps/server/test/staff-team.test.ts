import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_GENERATED_PASSWORD_LENGTH,
  STAFF_TEAM_CALLS,
  STAFF_TEAM_TEXTS,
  STAFF_TEXTS,
  staffTeamAccount,
  staffTeamEvent,
  staleVersionResponse,
  type StaffTeamAccount,
} from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { openEventStream } from './support/event-stream';
import { bearer, staffAccount, staffToken } from './support/staff';

// Issue 31, the back office's team (docs/back-office.md "Team"; SPEC 6 keeps staff roles out of
// the guests' app): a manager of the whole chain adds, edits, disables and enables staff
// accounts, resets their passwords (shown once or e-mailed) and ends their sessions; the chain
// always keeps an active chain manager, also when two of them disable each other at once.

let loginCounter = 0;
const newLogin = (prefix: string) => `${prefix}${++loginCounter}.${Math.floor(Math.random() * 1e6)}`;

describe.each(databaseKinds())('the team on %s (issue 31)', (kind) => {
  let t: TestApp;
  let chief: string;
  let chiefId: number;
  let chiefSession: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { httpTimeouts: { requestMs: 120_000, connectionMs: 3000 } });
    const account = await staffAccount(t.database, { role: 'manager', chain: true });
    chiefId = account.id;
    chief = await staffToken(t.app, t.database, account);
    chiefSession = chief;
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'user-agent': 'Tablet/1.0 (test)' },
      ...(payload ? { payload } : {}),
    });

  const teamOf = async (token = chief) =>
    (await call(token, 'GET', '/api/staff/team')).json<{ accounts: StaffTeamAccount[] }>().accounts;

  /** Adds an account through the screen's call and signs it in with the password shown once. */
  async function added(
    fields: Partial<{ role: 'manager' | 'kitchen'; chain: boolean; restaurant_ids: number[] }> = {},
  ) {
    const login = newLogin('team');
    const answer = await call(chief, 'POST', '/api/staff/team', {
      login,
      name: 'Повар Иван',
      email: `${login}@staff.test`,
      role: fields.role ?? 'kitchen',
      chain: fields.chain ?? false,
      restaurant_ids: fields.restaurant_ids ?? (fields.chain ? [] : [1]),
      delivery: 'show',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{ account: StaffTeamAccount; password: string }>();
    return {
      ...body,
      token: await staffToken(t.app, t.database, { login, email: `${login}@staff.test`, password: body.password }),
    };
  }

  it('refuses every team call to a kitchen account and to a restaurant’s manager (403 chain_manager_only), in words', async () => {
    const kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
    const manager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
    );
    // Bodies the calls take, so the refusal is the role's and not the body's.
    const bodies: Record<string, object> = {
      staffTeamAdd: {
        login: newLogin('x'),
        name: 'X',
        email: 'x@staff.test',
        role: 'kitchen',
        chain: false,
        restaurant_ids: [1],
        delivery: 'show',
      },
      staffTeamSave: {
        version: 1,
        name: 'X',
        email: 'x@staff.test',
        role: 'kitchen',
        chain: false,
        restaurant_ids: [1],
      },
      staffTeamPassword: { delivery: 'show' },
      staffTeamActive: { version: 1, active: false },
      staffTeamEndSessions: {},
    };
    for (const token of [kitchen, manager]) {
      for (const definition of STAFF_TEAM_CALLS) {
        const answer = await call(
          token,
          definition.method,
          definition.path.replace(':id', String(chiefId)),
          definition.method === 'POST' ? bodies[definition.name] : undefined,
        );
        expect(answer.statusCode, definition.name).toBe(403);
        expect(answer.json()).toMatchObject({ error: 'chain_manager_only', message: STAFF_TEXTS.chainManagerOnly });
      }
    }
  });

  it('adds a kitchen account with a strong password shown once; it signs in with it; audited without the password; no-store', async () => {
    const { account, password, token } = await added();
    expect(password).toHaveLength(STAFF_GENERATED_PASSWORD_LENGTH);
    expect(password).toMatch(/^[a-zA-Z2-9]+$/);
    expect(account).toMatchObject({
      role: 'kitchen',
      chain: false,
      restaurant_ids: [1],
      active: true,
      version: 1,
      sessions: 0,
    });
    expect(staffTeamAccount.safeParse(account).success).toBe(true);
    const me = await call(token, 'GET', '/api/staff/me');
    expect(me.json()).toMatchObject({ login: account.login, role: 'kitchen', restaurants: [{ id: 1 }] });
    // The list shows it with its live session and never a password or hash.
    const list = await call(chief, 'GET', '/api/staff/team');
    expect(list.headers['cache-control']).toContain('no-store');
    expect(list.body).not.toContain('scrypt$');
    expect(list.json<{ accounts: StaffTeamAccount[] }>().accounts.find((row) => row.id === account.id)).toMatchObject({
      sessions: 1,
    });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['staff_id', 'before', 'after'])
      .where('action', '=', 'team.add')
      .where('target', '=', `сотрудник ${account.login}`)
      .execute();
    expect(audit).toEqual([
      {
        staff_id: chiefId,
        before: null,
        after: {
          login: account.login,
          name: 'Повар Иван',
          email: account.email,
          role: 'kitchen',
          chain: false,
          restaurant_ids: [1],
          active: true,
          delivery: 'show',
        },
      },
    ]);
    const hash = await t.database.db
      .selectFrom('staff_accounts')
      .select('password_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^scrypt\$/);
    const everyAudit = JSON.stringify(
      await t.database.db.selectFrom('staff_audit').select(['before', 'after']).execute(),
    );
    expect(everyAudit).not.toContain(password);
    expect(everyAudit).not.toContain(hash.password_hash);
  });

  it('refuses what breaks the account rules in Russian words naming the field (400), a taken login (409), unknown restaurants', async () => {
    const base = {
      name: 'Анна',
      email: 'anna@staff.test',
      role: 'kitchen',
      chain: false,
      restaurant_ids: [1],
      delivery: 'show',
    };
    const cases: Array<[object, string]> = [
      [{ ...base, login: 'a' }, STAFF_TEAM_TEXTS.login],
      [{ ...base, login: newLogin('ok'), name: '  ' }, STAFF_TEAM_TEXTS.name],
      [{ ...base, login: newLogin('ok'), email: 'nope' }, STAFF_TEAM_TEXTS.email],
      [{ ...base, login: newLogin('ok'), restaurant_ids: [1, 2] }, STAFF_TEAM_TEXTS.kitchenOneRestaurant],
      [{ ...base, login: newLogin('ok'), restaurant_ids: [] }, STAFF_TEAM_TEXTS.kitchenOneRestaurant],
      [{ ...base, login: newLogin('ok'), chain: true, restaurant_ids: [] }, STAFF_TEAM_TEXTS.chainIsManager],
      [{ ...base, login: newLogin('ok'), role: 'manager', restaurant_ids: [] }, STAFF_TEAM_TEXTS.managerRestaurants],
      [{ ...base, login: newLogin('ok'), restaurant_ids: [999_999] }, `${STAFF_TEAM_TEXTS.unknownRestaurant} №999999`],
    ];
    for (const [payload, message] of cases) {
      const answer = await call(chief, 'POST', '/api/staff/team', payload);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation', message });
    }
    const wrongRole = await call(chief, 'POST', '/api/staff/team', { ...base, login: newLogin('ok'), role: 'cook' });
    expect(wrongRole.statusCode).toBe(400);
    const login = newLogin('taken');
    expect((await call(chief, 'POST', '/api/staff/team', { ...base, login })).statusCode).toBe(200);
    const again = await call(chief, 'POST', '/api/staff/team', { ...base, login: login.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'login_taken', message: STAFF_TEAM_TEXTS.loginTaken });
  });

  it('e-mails a new password through the e-mail adapter (the sandbox outbox) instead of showing it; the mailed one signs in', async () => {
    const { account, token } = await added();
    const reset = await call(chief, 'POST', `/api/staff/team/${account.id}/password`, { delivery: 'email' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ password: null, emailed_to: account.email });
    // The old password's sessions end with it.
    expect((await call(token, 'GET', '/api/staff/me')).statusCode).toBe(401);
    const mail = await t.database.db
      .selectFrom('sandbox_outbox')
      .select(['text'])
      .where('recipient', '=', account.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const password = /Пароль: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(password).toHaveLength(STAFF_GENERATED_PASSWORD_LENGTH);
    expect(
      (
        await call(
          await staffToken(t.app, t.database, { login: account.login, email: account.email, password }),
          'GET',
          '/api/staff/me',
        )
      ).statusCode,
    ).toBe(200);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('after')
      .where('action', '=', 'team.password')
      .where('target', '=', `сотрудник ${account.login}`)
      .execute();
    expect(audit).toEqual([{ after: { delivery: 'email', sessions_ended: 1 } }]);
    expect(JSON.stringify(audit)).not.toContain(password);
    // Shown once instead: the answer carries it, no-store.
    const shown = await call(chief, 'POST', `/api/staff/team/${account.id}/password`, { delivery: 'show' });
    expect(shown.headers['cache-control']).toContain('no-store');
    expect(shown.json<{ password: string }>().password).toHaveLength(STAFF_GENERATED_PASSWORD_LENGTH);
    expect((await call(chief, 'POST', '/api/staff/team/999999/password', { delivery: 'show' })).json()).toMatchObject({
      error: 'staff_not_found',
      message: STAFF_TEAM_TEXTS.accountNotFound,
    });
    // A mail that does not go out says so: the password changed all the same, so reset again and show it.
    expect(
      (await t.app.inject({ method: 'POST', url: '/sandbox/providers/mailgun/faults', payload: { count: 1 } }))
        .statusCode,
    ).toBe(200);
    const unsent = await call(chief, 'POST', `/api/staff/team/${account.id}/password`, { delivery: 'email' });
    expect(unsent.statusCode).toBe(502);
    expect(unsent.json()).toMatchObject({ error: 'provider', message: STAFF_TEAM_TEXTS.mailFailed });
  });

  it('saves an account over its version, audited before and after; a save over an older version is a 409 with the current account', async () => {
    const { account } = await added();
    const saved = await call(chief, 'POST', `/api/staff/team/${account.id}`, {
      version: 1,
      name: 'Менеджер Иван',
      email: account.email,
      role: 'manager',
      chain: false,
      restaurant_ids: [1, 2],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Менеджер Иван', role: 'manager', restaurant_ids: [1, 2], version: 2 });
    const late = await call(chief, 'POST', `/api/staff/team/${account.id}`, {
      version: 1,
      name: 'Старое имя',
      email: account.email,
      role: 'kitchen',
      chain: false,
      restaurant_ids: [1],
    });
    expect(late.statusCode).toBe(409);
    const body = staleVersionResponse(staffTeamAccount).parse(late.json());
    expect(body).toMatchObject({
      error: 'stale_version',
      current: { name: 'Менеджер Иван', version: 2, restaurant_ids: [1, 2] },
    });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'team.save')
      .where('target', '=', `сотрудник ${account.login}`)
      .execute();
    const fields = { login: account.login, email: account.email, chain: false, active: true };
    expect(audit).toEqual([
      {
        before: { ...fields, name: 'Повар Иван', role: 'kitchen', restaurant_ids: [1] },
        after: { ...fields, name: 'Менеджер Иван', role: 'manager', restaurant_ids: [1, 2] },
      },
    ]);
    const refused = await call(chief, 'POST', `/api/staff/team/${account.id}`, {
      version: 2,
      name: 'X',
      email: account.email,
      role: 'kitchen',
      chain: false,
      restaurant_ids: [1, 2],
    });
    expect(refused.json()).toMatchObject({ error: 'validation', message: STAFF_TEAM_TEXTS.kitchenOneRestaurant });
    expect(
      (
        await call(chief, 'POST', '/api/staff/team/999999', {
          version: 1,
          name: 'X',
          email: 'x@staff.test',
          role: 'kitchen',
          chain: false,
          restaurant_ids: [1],
        })
      ).statusCode,
    ).toBe(404);
  });

  it.runIf(kind === 'postgres')(
    'racing saves of one account from one version: one wins, the others 409 with the winner’s account',
    async () => {
      const { account } = await added();
      const names = ['Первый', 'Второй', 'Третий', 'Четвёртый'];
      const answers = await Promise.all(
        names.map((name) =>
          call(chief, 'POST', `/api/staff/team/${account.id}`, {
            version: 1,
            name,
            email: account.email,
            role: 'kitchen',
            chain: false,
            restaurant_ids: [1],
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<StaffTeamAccount>();
      for (const loser of answers.filter((answer) => answer.statusCode === 409))
        expect(loser.json()).toMatchObject({ current: { name: winner.name, version: 2 } });
    },
  );

  it('disables an account: its token is refused at once, its board stream closes, it cannot sign in; enabled again it signs in anew', async () => {
    const { account, password, token } = await added();
    const board = await openEventStream(t.app, '/api/staff/restaurants/1/orders/events', bearer(token));
    expect(board.status).toBe(200);
    const off = await call(chief, 'POST', `/api/staff/team/${account.id}/active`, { version: 1, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, sessions: 0, version: 2 });
    await board.ended;
    expect((await call(token, 'GET', '/api/staff/me')).json()).toMatchObject({
      error: 'staff_unauthorized',
      message: STAFF_TEXTS.signInAgain,
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { login: account.login, password },
    });
    expect(signIn.statusCode).toBe(401);
    const stale = await call(chief, 'POST', `/api/staff/team/${account.id}/active`, { version: 1, active: true });
    expect(stale.json()).toMatchObject({ error: 'stale_version', current: { active: false, version: 2 } });
    expect(
      (await call(chief, 'POST', `/api/staff/team/${account.id}/active`, { version: 2, active: true })).json(),
    ).toMatchObject({ active: true, sessions: 0 });
    expect(
      (
        await call(
          await staffToken(t.app, t.database, { login: account.login, email: account.email, password }),
          'GET',
          '/api/staff/me',
        )
      ).statusCode,
    ).toBe(200);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('action', 'in', ['team.disable', 'team.enable'])
      .where('target', '=', `сотрудник ${account.login}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'team.disable', before: { active: true }, after: { active: false, sessions_ended: 1 } },
      { action: 'team.enable', before: { active: false }, after: { active: true, sessions_ended: 0 } },
    ]);
  });

  it('lists an account’s live sessions with their device and ends one, then all; each ended token is refused at once', async () => {
    const { account, password, token } = await added();
    const second = await staffToken(t.app, t.database, { login: account.login, email: account.email, password });
    const listed = await call(chief, 'GET', `/api/staff/team/${account.id}/sessions`);
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json<{
      sessions: Array<{ id: number; user_agent: string; current: boolean; created_at: string; last_seen_at: string }>;
    }>();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.id).toBeGreaterThan(sessions[1]!.id);
    expect(sessions.every((session) => !session.current && session.user_agent === 'lightMyRequest')).toBe(true);
    expect(Date.parse(sessions[0]!.last_seen_at)).not.toBeNaN();
    // The newest is the second sign-in's: ending it leaves the first.
    const one = await call(chief, 'POST', `/api/staff/team/${account.id}/sessions/end`, {
      session_id: sessions[0]!.id,
    });
    expect(one.json()).toEqual({ ended: 1 });
    expect((await call(second, 'GET', '/api/staff/me')).statusCode).toBe(401);
    expect((await call(token, 'GET', '/api/staff/me')).statusCode).toBe(200);
    expect(
      (await call(chief, 'POST', `/api/staff/team/${account.id}/sessions/end`, { session_id: sessions[0]!.id })).json(),
    ).toMatchObject({ error: 'session_not_found' });
    expect((await call(chief, 'POST', `/api/staff/team/${account.id}/sessions/end`, {})).json()).toEqual({ ended: 1 });
    expect((await call(token, 'GET', '/api/staff/me')).statusCode).toBe(401);
    expect((await call(chief, 'GET', `/api/staff/team/${account.id}/sessions`)).json()).toEqual({ sessions: [] });
    // The chief's own sessions: the one asking is marked current.
    const own = (await call(chief, 'GET', `/api/staff/team/${chiefId}/sessions`)).json<{
      sessions: Array<{ current: boolean }>;
    }>();
    expect(own.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(chiefSession).toBe(chief);
  });

  it('an open team stream hears another chain manager add, edit and disable an account, its sign-in and an ended session; a change of the viewer’s own account ends it (decision 055)', async () => {
    const other = await staffAccount(t.database, { role: 'manager', chain: true });
    const otherToken = await staffToken(t.app, t.database, other);
    const viewer = await staffAccount(t.database, { role: 'manager', chain: true });
    const stream = await openEventStream(
      t.app,
      '/api/staff/team/events',
      bearer(await staffToken(t.app, t.database, viewer)),
    );
    expect(stream.status).toBe(200);
    /** The stream's events until one names the account. */
    const heardOf = async (id: number) => {
      for (;;) {
        const event = await stream.next();
        expect(event?.event, `the stream ended before account ${id}`).toBe('account');
        if (staffTeamEvent.parse(JSON.parse(event!.data)).id === id) return;
      }
    };
    try {
      const login = newLogin('live');
      const add = await call(otherToken, 'POST', '/api/staff/team', {
        login,
        name: 'Кассир Оля',
        email: `${login}@staff.test`,
        role: 'kitchen',
        chain: false,
        restaurant_ids: [1],
        delivery: 'show',
      });
      expect(add.statusCode, add.body).toBe(200);
      const { account, password } = add.json<{ account: StaffTeamAccount; password: string }>();
      await heardOf(account.id);
      await staffToken(t.app, t.database, { login, email: account.email, password });
      await heardOf(account.id);
      const saved = await call(otherToken, 'POST', `/api/staff/team/${account.id}`, {
        version: account.version,
        name: 'Кассир Ольга',
        email: account.email,
        role: 'kitchen',
        chain: false,
        restaurant_ids: [2],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await heardOf(account.id);
      expect((await call(otherToken, 'POST', `/api/staff/team/${account.id}/sessions/end`, {})).json()).toEqual({
        ended: 1,
      });
      await heardOf(account.id);
      expect(
        (
          await call(otherToken, 'POST', `/api/staff/team/${account.id}/active`, {
            version: saved.json<StaffTeamAccount>().version,
            active: false,
          })
        ).statusCode,
      ).toBe(200);
      await heardOf(account.id);

      // The viewer's own account changed: the stream ends, and its reconnection is checked anew.
      const me = (await teamOf(otherToken)).find((row) => row.id === viewer.id)!;
      const demoted = await call(otherToken, 'POST', `/api/staff/team/${viewer.id}`, {
        version: me.version,
        name: me.name,
        email: me.email,
        role: 'manager',
        chain: false,
        restaurant_ids: [1],
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('never lets a chain manager disable or demote their own account (409 own_account); renaming it is fine', async () => {
    const me = (await teamOf()).find((row) => row.id === chiefId)!;
    const off = await call(chief, 'POST', `/api/staff/team/${chiefId}/active`, { version: me.version, active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ error: 'own_account', message: STAFF_TEAM_TEXTS.ownAccount });
    for (const change of [
      { role: 'manager', chain: false, restaurant_ids: [1] },
      { role: 'kitchen', chain: false, restaurant_ids: [1] },
    ]) {
      const answer = await call(chief, 'POST', `/api/staff/team/${chiefId}`, {
        version: me.version,
        name: me.name,
        email: me.email,
        ...change,
      });
      expect(answer.json()).toMatchObject({ error: 'own_account' });
    }
    const renamed = await call(chief, 'POST', `/api/staff/team/${chiefId}`, {
      version: me.version,
      name: 'Главный менеджер',
      email: me.email,
      role: 'manager',
      chain: true,
      restaurant_ids: [],
    });
    expect(renamed.json()).toMatchObject({ name: 'Главный менеджер', chain: true, version: me.version + 1 });
  });

  it('keeps the chain’s last active chain manager: two disabling each other at once leave one (409 last_chain_manager); the command line keeps the rule too', async () => {
    const a = await added({ role: 'manager', chain: true });
    const b = await added({ role: 'manager', chain: true });
    // Only these two are chain managers now (the chief is demoted by the database, as by another chain manager).
    await t.database.db
      .updateTable('staff_accounts')
      .set({ chain: false })
      .where('chain', '=', true)
      .where('id', 'not in', [a.account.id, b.account.id])
      .execute();
    await t.database.db
      .insertInto('staff_restaurants')
      .values({ staff_id: chiefId, restaurant_id: 1 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const answers = await Promise.all([
      call(a.token, 'POST', `/api/staff/team/${b.account.id}/active`, { version: b.account.version, active: false }),
      call(b.token, 'POST', `/api/staff/team/${a.account.id}/active`, { version: a.account.version, active: false }),
    ]);
    // The loser is refused by the rule under the chain managers' locks (409), or — when the
    // winner committed before its token was read, as on PGlite, which runs one at a time — its
    // token is already refused (401): either way it changes nothing.
    const results = answers
      .map((answer) => `${answer.statusCode} ${answer.json<{ error?: string }>().error ?? ''}`)
      .sort();
    expect(results[0]).toBe('200 ');
    expect(['401 staff_unauthorized', '409 last_chain_manager']).toContain(results[1]);
    const refusal = answers.find((answer) => answer.statusCode === 409);
    if (refusal) expect(refusal.json()).toMatchObject({ message: STAFF_TEAM_TEXTS.lastChainManager });
    const left = await t.database.db
      .selectFrom('staff_accounts')
      .select('id')
      .where('chain', '=', true)
      .where('active', '=', true)
      .where('role', '=', 'manager')
      .execute();
    expect(left).toHaveLength(1);
    const survivor = left[0]!.id === a.account.id ? a : b;
    // The survivor is the last: the command line may neither disable nor demote it.
    const { disableStaffAccount, saveStaffAccountByLogin } = await import('../src/modules/staff/accounts');
    await expect(disableStaffAccount(t.database.db, survivor.account.login)).rejects.toThrow(
      STAFF_TEAM_TEXTS.lastChainManager,
    );
    await expect(
      saveStaffAccountByLogin(t.database.db, {
        login: survivor.account.login,
        name: 'X',
        email: survivor.account.email,
        role: 'kitchen',
        chain: false,
        restaurantIds: [1],
        passwordHash: 'scrypt$x',
      }),
    ).rejects.toThrow(STAFF_TEAM_TEXTS.lastChainManager);
    // Racing saves that demote both: one is refused the same way.
    const other = survivor === a ? b : a;
    const current = (await teamOf(survivor.token)).find((row) => row.id === other.account.id)!;
    expect(
      (
        await call(survivor.token, 'POST', `/api/staff/team/${other.account.id}/active`, {
          version: current.version,
          active: true,
        })
      ).statusCode,
    ).toBe(200);
    const team = await teamOf(survivor.token);
    const x = team.find((row) => row.id === other.account.id)!;
    const y = team.find((row) => row.id === survivor.account.id)!;
    const otherToken = await staffToken(t.app, t.database, {
      login: other.account.login,
      email: other.account.email,
      password: other.password,
    });
    const demotions = await Promise.all([
      call(survivor.token, 'POST', `/api/staff/team/${other.account.id}`, {
        version: x.version,
        name: x.name,
        email: x.email,
        role: 'manager',
        chain: false,
        restaurant_ids: [1],
      }),
      call(otherToken, 'POST', `/api/staff/team/${survivor.account.id}`, {
        version: y.version,
        name: y.name,
        email: y.email,
        role: 'manager',
        chain: false,
        restaurant_ids: [1],
      }),
    ]);
    // A demoted account keeps its session, so the loser is refused by the rule (409), or by its new role (403) when the winner committed first.
    const outcomes = demotions
      .map((answer) => `${answer.statusCode} ${answer.json<{ error?: string }>().error ?? ''}`)
      .sort();
    expect(outcomes[0]).toBe('200 ');
    expect(['403 chain_manager_only', '409 last_chain_manager']).toContain(outcomes[1]);
    expect(
      await t.database.db
        .selectFrom('staff_accounts')
        .select('id')
        .where('chain', '=', true)
        .where('active', '=', true)
        .execute(),
    ).toHaveLength(1);
    // Back as it was for the other tests of this file.
    await t.database.db.updateTable('staff_accounts').set({ chain: true }).where('id', '=', chiefId).execute();
  });
});
