import * as z from 'zod/mini';
import { MANAGE_STREAM_ERRORS, STALE_VERSION_ERROR, rowVersion } from './backoffice';
import { defineCall } from './call';
import { MAX_WIRE_ID, wireId } from './common';
import {
  STAFF_ERRORS,
  STAFF_LOGIN_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  STAFF_TEXTS,
  staffRestaurant,
} from './staff';

// The back office's team (issue 31, docs/back-office.md "Team"): a manager of the whole chain
// adds staff accounts, edits them, resets a password (shown once or e-mailed), disables and
// enables an account, lists its live sessions and ends them. Chain managers only (403
// chain_manager_only); the accounts' rules live once on the server (modules/staff/accounts.ts),
// shared with the `npm run staff` command.

/** The team's refusals and the screen's words. */
export const STAFF_TEAM_TEXTS = {
  title: 'Команда',
  login: `Логин: от 2 до ${STAFF_LOGIN_MAX_LENGTH} латинских букв, цифр, «.», «_» или «-».`,
  name: 'Имя: от 1 до 200 символов.',
  email: 'Укажите e-mail сотрудника: на него приходят коды входа.',
  role: 'Роль: менеджер или кухня.',
  chainIsManager: 'Менеджером всей сети может быть только менеджер.',
  kitchenOneRestaurant: 'У кухни ровно один ресторан.',
  managerRestaurants: 'Выберите рестораны менеджера или отметьте «Вся сеть».',
  unknownRestaurant: 'Такого ресторана нет.',
  loginTaken: 'Этот логин уже занят.',
  accountNotFound: 'Сотрудник не найден.',
  sessionNotFound: 'Такого сеанса нет или он уже закончился.',
  lastChainManager: 'Это последний активный менеджер сети: сначала назначьте другого.',
  ownAccount: 'Свою учётную запись нельзя отключить или лишить прав менеджера сети: попросите другого менеджера сети.',
  passwordOnce: 'Пароль показан один раз: скопируйте его сейчас и передайте сотруднику. Потом его не увидит никто.',
  passwordEmailed: 'Пароль отправлен на e-mail сотрудника.',
  mailSubject: 'Пароль для входа в рабочее место ресторана',
  mailFailed: 'Пароль изменён, но письмо не ушло. Сбросьте пароль ещё раз и покажите его на экране.',
} as const;

/** Restaurants one manager account names at most. */
export const STAFF_TEAM_MAX_RESTAURANTS = 500;
/** Live sessions listed per account at most (newest first). */
export const STAFF_TEAM_MAX_SESSIONS = 100;
/** A generated password's length: well above STAFF_PASSWORD_MIN_LENGTH, about 95 bits. */
export const STAFF_GENERATED_PASSWORD_LENGTH = Math.max(16, STAFF_PASSWORD_MIN_LENGTH);

/** How a new password reaches its owner: shown once to the manager, or e-mailed to the account. */
export const PASSWORD_DELIVERIES = ['show', 'email'] as const;
export type PasswordDelivery = (typeof PASSWORD_DELIVERIES)[number];

const bodyId = z.int().check(z.minimum(1, 'ожидается номер больше нуля'), z.maximum(MAX_WIRE_ID, 'такого номера нет'));

/** A staff account as the team screen shows it: never its password or hash. */
export const staffTeamAccount = z.object({
  id: z.int(),
  login: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** A manager of the whole chain: every restaurant, present and future. */
  chain: z.boolean(),
  /** The restaurants of a manager who is not the chain's, or of a kitchen (exactly one); [] for the chain's. */
  restaurant_ids: z.array(z.int()),
  /** false: disabled, cannot sign in, no sessions. */
  active: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  /** Live sessions now. */
  sessions: z.int(),
});
export type StaffTeamAccount = z.infer<typeof staffTeamAccount>;

/** The fields a manager sets on an account (the login only when adding it). */
const accountFields = {
  name: z.string().check(z.maxLength(200, 'не длиннее 200 символов')),
  email: z.string().check(z.maxLength(254, 'не длиннее 254 символов')),
  role: z.enum(STAFF_ROLES, 'менеджер или кухня'),
  chain: z.boolean(),
  restaurant_ids: z
    .array(bodyId)
    .check(z.maxLength(STAFF_TEAM_MAX_RESTAURANTS, `не больше ${STAFF_TEAM_MAX_RESTAURANTS} ресторанов`)),
};

const passwordDelivery = z.enum(PASSWORD_DELIVERIES, 'show или email');

/** A new password's answer: shown once (`password`), or where it was e-mailed (`emailed_to`). */
const passwordAnswer = {
  password: z.nullable(
    z
      .string()
      .check(
        z.describe(
          'The new password when `delivery` was `show`: answered this once, stored only as its scrypt hash; null when e-mailed.',
        ),
      ),
  ),
  emailed_to: z.nullable(
    z.string().check(z.describe("The account's e-mail the password went to when `delivery` was `email`, else null.")),
  ),
};

const CHAIN_ERRORS = {
  ...STAFF_ERRORS,
  chain_manager_only: `not a manager of the whole chain: a kitchen account or a restaurant's manager (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
} as const;
const ACCOUNT_ERRORS = {
  ...CHAIN_ERRORS,
  staff_not_found: `no such account (404 «${STAFF_TEAM_TEXTS.accountNotFound}»)`,
} as const;
const RULE_ERRORS = {
  validation:
    'a field breaks the account rules (400, the text names the field): login, name, e-mail, role, a kitchen of exactly one restaurant, a manager of the chain or of restaurants that exist',
  last_chain_manager: `the change would leave the chain without an active manager of the whole chain, also when two such saves race (409 «${STAFF_TEAM_TEXTS.lastChainManager}»)`,
} as const;

const accountParams = z.object({ id: wireId });

const MAIL_FAILED_ERROR = `delivery \`email\` and the mail did not go out: the password is changed all the same (502 «${STAFF_TEAM_TEXTS.mailFailed}»)`;

export const staffTeamCall = defineCall({
  name: 'staffTeam',
  method: 'GET',
  path: '/api/staff/team',
  tag: 'staff',
  summary: 'The team: every staff account and the restaurants an account may name (chain managers only)',
  description: 'Accounts by login, disabled ones included; never a password or its hash.',
  auth: 'staff',
  response: z.object({ accounts: z.array(staffTeamAccount), restaurants: z.array(staffRestaurant) }),
  errors: CHAIN_ERRORS,
});

export const staffTeamAddCall = defineCall({
  name: 'staffTeamAdd',
  method: 'POST',
  path: '/api/staff/team',
  tag: 'staff',
  summary: 'Adds a staff account with a generated password, shown once or e-mailed (chain managers only)',
  description: `The password is generated (${STAFF_GENERATED_PASSWORD_LENGTH} characters) and stored as its scrypt hash; \`delivery: show\` answers it this once, \`email\` mails it to the account through the e-mail adapter (the sandbox outbox in development). Audited as \`team.add\` without the password.`,
  auth: 'staff',
  body: z.object({
    login: z.string().check(z.maxLength(STAFF_LOGIN_MAX_LENGTH, `не длиннее ${STAFF_LOGIN_MAX_LENGTH} символов`)),
    ...accountFields,
    delivery: passwordDelivery,
  }),
  response: z.object({ account: staffTeamAccount, ...passwordAnswer }),
  errors: {
    ...CHAIN_ERRORS,
    validation: RULE_ERRORS.validation,
    provider: MAIL_FAILED_ERROR,
    login_taken: `an account of this login exists (409 «${STAFF_TEAM_TEXTS.loginTaken}»)`,
  },
});

export const staffTeamSaveCall = defineCall({
  name: 'staffTeamSave',
  method: 'POST',
  path: '/api/staff/team/:id',
  tag: 'staff',
  summary:
    "Saves an account's name, e-mail, role and restaurants over the version it was based on (chain managers only)",
  description:
    "The login stays. A chain manager cannot change their own role or chain flag (409 own_account), and no save leaves the chain without an active chain manager (409 last_chain_manager, decided under a lock of the chain managers' rows, so racing saves cannot both pass). The account's sessions stay and take the new role and restaurants at their next call. Audited as `team.save` with before and after.",
  auth: 'staff',
  params: accountParams,
  body: z.object({ version: rowVersion, ...accountFields }),
  response: staffTeamAccount,
  errors: {
    ...ACCOUNT_ERRORS,
    ...RULE_ERRORS,
    ...STALE_VERSION_ERROR,
    own_account: `the chain manager's own role or chain flag (409 «${STAFF_TEAM_TEXTS.ownAccount}»)`,
  },
});

export const staffTeamPasswordCall = defineCall({
  name: 'staffTeamPassword',
  method: 'POST',
  path: '/api/staff/team/:id/password',
  tag: 'staff',
  summary:
    "Resets an account's password to a generated one, shown once or e-mailed; its sessions end (chain managers only)",
  description:
    "The old password stops working and every session of the account ends at once (the caller's own session stays when it is their own account), its board streams with them. `delivery: show` answers the new password this once (answered `Cache-Control: no-store`, as every staff call); `email` mails it to the account. Not versioned: it changes no field the team screen edits. Audited as `team.password` with the delivery, never the password or its hash.",
  auth: 'staff',
  params: accountParams,
  body: z.object({ delivery: passwordDelivery }),
  response: z.object({ account: staffTeamAccount, ...passwordAnswer }),
  errors: { ...ACCOUNT_ERRORS, provider: MAIL_FAILED_ERROR },
});

export const staffTeamActiveCall = defineCall({
  name: 'staffTeamActive',
  method: 'POST',
  path: '/api/staff/team/:id/active',
  tag: 'staff',
  summary:
    'Disables an account — its sessions and board streams end at once — or enables it again (chain managers only)',
  description:
    "A disabled account cannot sign in and its token is refused at its next call (401 staff_unauthorized); its open board streams close on every instance (LISTEN/NOTIFY). Enabling it again gives no session back: its owner signs in. A chain manager cannot disable their own account (409 own_account), nor the chain's last active manager (409 last_chain_manager). Audited as `team.disable` / `team.enable`.",
  auth: 'staff',
  params: accountParams,
  body: z.object({ version: rowVersion, active: z.boolean() }),
  response: staffTeamAccount,
  errors: {
    ...ACCOUNT_ERRORS,
    last_chain_manager: RULE_ERRORS.last_chain_manager,
    ...STALE_VERSION_ERROR,
    own_account: `the chain manager's own account (409 «${STAFF_TEAM_TEXTS.ownAccount}»)`,
  },
});

export const staffTeamSession = z.object({
  id: z.int(),
  /** The browser's User-Agent at sign-in ('' when none was sent). */
  user_agent: z.string(),
  /** Signed in (ISO 8601). */
  created_at: z.string(),
  /** Last used (ISO 8601; touched at most once a minute). */
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** The caller's own session. */
  current: z.boolean(),
});
export type StaffTeamSession = z.infer<typeof staffTeamSession>;

export const staffTeamSessionsCall = defineCall({
  name: 'staffTeamSessions',
  method: 'GET',
  path: '/api/staff/team/:id/sessions',
  tag: 'staff',
  summary: "An account's live sessions, newest first: device, signed in, last used (chain managers only)",
  auth: 'staff',
  params: accountParams,
  response: z.object({ sessions: z.array(staffTeamSession) }),
  errors: ACCOUNT_ERRORS,
});

export const staffTeamEndSessionsCall = defineCall({
  name: 'staffTeamEndSessions',
  method: 'POST',
  path: '/api/staff/team/:id/sessions/end',
  tag: 'staff',
  summary: 'Ends one live session of an account, or all of them (chain managers only)',
  description:
    "`session_id` ends that session; without it every live session of the account ends (the caller's own included when it is their own account). Their tokens are refused at once and their board streams close. Audited as `team.sessions_end`.",
  auth: 'staff',
  params: accountParams,
  body: z.object({ session_id: z.optional(z.nullable(bodyId)) }),
  response: z.object({ ended: z.int() }),
  errors: {
    ...ACCOUNT_ERRORS,
    session_not_found: `no live session of this id on this account (404 «${STAFF_TEAM_TEXTS.sessionNotFound}»)`,
  },
});

/** An event of the team's stream: this account was added or changed, or its sessions were. */
export const staffTeamEvent = z.object({ id: z.int() });
export type StaffTeamEvent = z.infer<typeof staffTeamEvent>;

export const staffTeamEventsCall = defineCall({
  name: 'staffTeamEvents',
  method: 'GET',
  path: '/api/staff/team/events',
  tag: 'staff',
  summary: 'The team as it changes: Server-Sent Events (chain managers only)',
  description:
    "A `text/event-stream` (read with fetch(): the Bearer header). An event `account` whose `data` is `{ id }` each time an account is added or changed — its fields, role, restaurants, access or password — or its sessions are (a sign-in, a sign-out, a session ended), by anyone on any instance (PostgreSQL LISTEN/NOTIFY, committed with the change), `npm run staff` included; the comment `: keep-alive` every 25 s. A client reads the team again (and the sessions it shows); after a reconnect it reads it once, so nothing is missed. A change of the caller's own account ends the stream: its reconnection is checked against the account's rights as they are now (decision 055).",
  auth: 'staff',
  produces: 'text/event-stream',
  response: staffTeamEvent,
  errors: { ...CHAIN_ERRORS, ...MANAGE_STREAM_ERRORS },
});

/** The team's calls (STAFF_SESSION_CALLS' kind: each needs a staff session). */
export const STAFF_TEAM_CALLS = [
  staffTeamCall,
  staffTeamAddCall,
  staffTeamSaveCall,
  staffTeamPasswordCall,
  staffTeamActiveCall,
  staffTeamSessionsCall,
  staffTeamEndSessionsCall,
  staffTeamEventsCall,
] as const;
