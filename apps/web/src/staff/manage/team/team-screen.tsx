import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  STAFF_LOGIN_MAX_LENGTH,
  STAFF_ROLE_NAMES,
  STAFF_TEAM_TEXTS,
  staffTeamActiveCall,
  staffTeamAddCall,
  staffTeamCall,
  staffTeamEndSessionsCall,
  staffTeamEvent,
  staffTeamEventsCall,
  staffTeamPasswordCall,
  staffTeamSaveCall,
  staffTeamSessionsCall,
  type PasswordDelivery,
  type StaffTeamAccount,
  type StaffTeamSession,
} from '@chain/contract';
import { failureText, staffCall } from '../../api';
import { NotLoaded, StaffError } from '../../staff-error';
import { useStaffData } from '../../use-staff-data';
import { useStaffEvents } from '../../use-staff-events';
import type { ManageScreenProps } from '../areas';
import { CheckboxField, SaveBar, SelectField, StaleNotice, TextField } from '../fields';
import { useVersionedForm } from '../versioned-form';
import {
  type AccountDraft,
  deviceText,
  momentText,
  placesText,
  roleText,
  type TeamRole,
  withRestaurant,
  withRole,
} from './team-model';

// The back office's team (issue 31, docs/back-office.md "Team"): a chain manager's list of staff
// accounts; adding one (its password shown once or e-mailed), editing it over its version,
// resetting its password, disabling and enabling it with a confirmation, its live sessions. The
// list and the sessions follow the team's stream (decision 055): another manager's change shows
// without a reload, while a form open over it keeps what was typed and saves over its version.

type Restaurant = { id: number; name: string };

const ROLE_OPTIONS = [
  { value: 'kitchen', label: 'Кухня' },
  { value: 'manager', label: 'Менеджер' },
] as const satisfies readonly { value: TeamRole; label: string }[];

const DELIVERY_OPTIONS = [
  { value: 'show', label: 'Показать на экране один раз' },
  { value: 'email', label: 'Отправить на e-mail сотрудника' },
] as const satisfies readonly { value: PasswordDelivery; label: string }[];

const FIELD_LABELS = {
  name: 'Имя',
  email: 'E-mail',
  role: 'Роль',
  chain: 'Вся сеть',
  restaurant_ids: 'Рестораны',
  active: 'Доступ',
  sessions: 'Открытые сеансы',
} as const;

type View = { kind: 'list' } | { kind: 'add' } | { kind: 'account'; id: number };

/** A new password answered once: shown with a copy button until the manager closes it. */
interface Shown {
  login: string;
  password: string;
}

export default function TeamScreen({ session }: ManageScreenProps) {
  const team = useStaffData(() => staffCall(staffTeamCall), 'team');
  const [view, setView] = useState<View>({ kind: 'list' });
  const [shown, setShown] = useState<Shown | null>(null);
  const [notice, setNotice] = useState('');
  // Changes the team's stream told of: all (a reconnect) and per account, so an open account's sessions are read again.
  const [heard, setHeard] = useState<{ all: number; of: ReadonlyMap<number, number> }>({ all: 0, of: new Map() });
  useStaffEvents({
    path: staffTeamEventsCall.path,
    event: 'account',
    schema: staffTeamEvent,
    onEvent: ({ id }) => {
      team.reload();
      setHeard((current) => ({ ...current, of: new Map(current.of).set(id, (current.of.get(id) ?? 0) + 1) }));
    },
    onReconnect: () => {
      team.reload();
      setHeard((current) => ({ ...current, all: current.all + 1 }));
    },
  });

  const replace = (account: StaffTeamAccount) => {
    if (!team.data) return;
    const known = team.data.accounts.some((row) => row.id === account.id);
    const accounts = known
      ? team.data.accounts.map((row) => (row.id === account.id ? account : row))
      : [...team.data.accounts, account];
    team.set({ ...team.data, accounts: accounts.sort((a, b) => a.login.localeCompare(b.login)) });
  };

  const passwordGiven = (answer: { account: StaffTeamAccount; password: string | null; emailed_to: string | null }) => {
    replace(answer.account);
    if (answer.password !== null) setShown({ login: answer.account.login, password: answer.password });
    else setNotice(`${STAFF_TEAM_TEXTS.passwordEmailed} (${answer.emailed_to ?? answer.account.email})`);
  };

  if (!team.data) {
    return (
      <section aria-labelledby="team-title">
        <h1 id="team-title">{STAFF_TEAM_TEXTS.title}</h1>
        <NotLoaded error={team.error} loading="Загружаем команду…" onRetry={team.reload} />
      </section>
    );
  }
  const { accounts, restaurants } = team.data;
  const open = view.kind === 'account' ? accounts.find((account) => account.id === view.id) : undefined;

  return (
    <section className="team" aria-labelledby="team-title">
      <h1 id="team-title">{STAFF_TEAM_TEXTS.title}</h1>
      {shown ? <PasswordOnce shown={shown} onDone={() => setShown(null)} /> : null}
      {notice ? (
        <p className="staff-card" role="status">
          {notice}
        </p>
      ) : null}
      {view.kind === 'add' ? (
        <AddAccount
          restaurants={restaurants}
          onCancel={() => setView({ kind: 'list' })}
          onAdded={(answer) => {
            setNotice('');
            passwordGiven(answer);
            setView({ kind: 'account', id: answer.account.id });
          }}
        />
      ) : open ? (
        <AccountPanel
          key={open.id}
          account={open}
          own={open.id === session.me.id}
          restaurants={restaurants}
          heard={heard.all + (heard.of.get(open.id) ?? 0)}
          onChanged={replace}
          onPassword={(answer) => {
            setNotice('');
            passwordGiven(answer);
          }}
          onBack={() => {
            setNotice('');
            setView({ kind: 'list' });
          }}
        />
      ) : (
        <>
          <div className="team__actions">
            <button
              type="button"
              className="staff-button staff-button--primary"
              onClick={() => {
                setNotice('');
                setView({ kind: 'add' });
              }}
            >
              Добавить сотрудника
            </button>
          </div>
          <table className="audit-page__table team__list">
            <caption className="staff-visually-hidden">Сотрудники сети</caption>
            <thead>
              <tr>
                <th scope="col">Сотрудник</th>
                <th scope="col">Роль</th>
                <th scope="col">Где работает</th>
                <th scope="col">Доступ</th>
                <th scope="col">Сеансы</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id} className={account.active ? undefined : 'team__off'}>
                  <td>
                    <button
                      type="button"
                      className="staff-button staff-button--ghost team__open"
                      onClick={() => setView({ kind: 'account', id: account.id })}
                    >
                      {account.name}
                    </button>
                    <span className="staff-field__hint"> {account.login}</span>
                  </td>
                  <td>{roleText(account)}</td>
                  <td>{placesText(account, restaurants)}</td>
                  <td>{account.active ? 'Активен' : 'Отключён'}</td>
                  <td>{account.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** The password answered once: copy it now, it is not shown again. */
function PasswordOnce({ shown, onDone }: { shown: Shown; onDone: () => void }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.password);
      setCopied('Скопировано.');
    } catch {
      setCopied('Не удалось скопировать: выделите пароль и скопируйте его вручную.');
    }
  };
  return (
    <div
      className="staff-card team__password"
      role="alertdialog"
      aria-labelledby="team-password-title"
      aria-describedby="team-password-warning"
    >
      <h2 id="team-password-title">Пароль для {shown.login}</h2>
      <p id="team-password-warning" className="staff-field__error">
        {STAFF_TEAM_TEXTS.passwordOnce}
      </p>
      <p className="team__secret" aria-label="Новый пароль">
        <code>{shown.password}</code>
      </p>
      <div className="staff-savebar">
        <button type="button" className="staff-button staff-button--primary" onClick={() => void copy()}>
          Скопировать пароль
        </button>
        <button type="button" className="staff-button staff-button--secondary" onClick={onDone}>
          Я сохранил пароль, закрыть
        </button>
        <span role="status">{copied}</span>
      </div>
    </div>
  );
}

/** One call a button starts: busy while it runs, its refusal in words; true when it went through. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** «…? Да, … / Нет»: a step that cannot be taken back asks first. */
function Confirm({
  question,
  yes,
  busy,
  onYes,
  onNo,
}: {
  question: string;
  yes: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <div className="order-card__confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" className="staff-button staff-button--danger" disabled={busy} onClick={onYes}>
        {yes}
      </button>
      <button type="button" className="staff-button staff-button--secondary" onClick={onNo}>
        Нет
      </button>
    </div>
  );
}

/** Name, e-mail, role and where the account acts; a kitchen picks one restaurant, a manager any or the whole chain. */
function AccountFields({
  draft,
  onChange,
  restaurants,
  lockRole,
}: {
  draft: AccountDraft;
  onChange: (draft: AccountDraft) => void;
  restaurants: readonly Restaurant[];
  /** The chain manager's own account: the role and the chain flag are another chain manager's to change. */
  lockRole?: boolean;
}) {
  return (
    <>
      <TextField label="Имя" value={draft.name} maxLength={200} onChange={(name) => onChange({ ...draft, name })} />
      <TextField
        label="E-mail (на него приходят коды входа)"
        value={draft.email}
        maxLength={254}
        onChange={(email) => onChange({ ...draft, email })}
      />
      {lockRole ? (
        <p className="staff-field__hint">{roleText(draft)}: свою роль и доступ меняет другой менеджер сети.</p>
      ) : (
        <>
          <SelectField
            label="Роль"
            value={draft.role}
            options={ROLE_OPTIONS}
            onChange={(role) => onChange(withRole(draft, role))}
          />
          {draft.role === 'kitchen' ? (
            <SelectField
              label="Ресторан кухни"
              value={String(draft.restaurant_ids[0] ?? '')}
              options={[
                { value: '', label: 'Выберите ресторан' },
                ...restaurants.map((restaurant) => ({ value: String(restaurant.id), label: restaurant.name })),
              ]}
              onChange={(id) => onChange({ ...draft, restaurant_ids: id === '' ? [] : [Number(id)] })}
            />
          ) : (
            <>
              <CheckboxField
                label="Менеджер всей сети"
                hint="все рестораны, и будущие тоже"
                checked={draft.chain}
                onChange={(chain) => onChange({ ...draft, chain })}
              />
              {draft.chain ? null : (
                <fieldset className="team__restaurants">
                  <legend>Рестораны менеджера</legend>
                  {restaurants.map((restaurant) => (
                    <CheckboxField
                      key={restaurant.id}
                      label={restaurant.name}
                      checked={draft.restaurant_ids.includes(restaurant.id)}
                      onChange={(on) => onChange(withRestaurant(draft, restaurant.id, on))}
                    />
                  ))}
                </fieldset>
              )}
            </>
          )}
        </>
      )}
    </>
  );
}

function AddAccount({
  restaurants,
  onCancel,
  onAdded,
}: {
  restaurants: readonly Restaurant[];
  onCancel: () => void;
  onAdded: (answer: { account: StaffTeamAccount; password: string | null; emailed_to: string | null }) => void;
}) {
  const [login, setLogin] = useState('');
  const [draft, setDraft] = useState<AccountDraft>({
    name: '',
    email: '',
    role: 'kitchen',
    chain: false,
    restaurant_ids: [],
  });
  const [delivery, setDelivery] = useState<PasswordDelivery>('show');
  const action = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await action.run(async () =>
      onAdded(
        await staffCall(staffTeamAddCall, {
          login,
          ...draft,
          restaurant_ids: draft.chain ? [] : draft.restaurant_ids,
          delivery,
        }),
      ),
    );
  };
  return (
    <form className="staff-card team__form" aria-labelledby="team-add-title" onSubmit={(event) => void submit(event)}>
      <h2 id="team-add-title">Новый сотрудник</h2>
      <TextField
        label="Логин"
        hint="латинские буквы, цифры, «.», «_» или «-»"
        value={login}
        maxLength={STAFF_LOGIN_MAX_LENGTH}
        onChange={setLogin}
      />
      <AccountFields draft={draft} onChange={setDraft} restaurants={restaurants} />
      <SelectField
        label="Пароль (создаётся автоматически)"
        value={delivery}
        options={DELIVERY_OPTIONS}
        onChange={setDelivery}
      />
      <StaffError text={action.error} />
      <div className="staff-savebar">
        <button type="submit" className="staff-button staff-button--primary" disabled={action.busy}>
          {action.busy ? 'Добавляем…' : 'Добавить'}
        </button>
        <button type="button" className="staff-button staff-button--ghost" onClick={onCancel}>
          Отменить
        </button>
      </div>
    </form>
  );
}

/** One account: its fields over its version, its password, its access and its sessions. */
function AccountPanel({
  account,
  own,
  restaurants,
  heard,
  onChanged,
  onPassword,
  onBack,
}: {
  account: StaffTeamAccount;
  own: boolean;
  restaurants: readonly Restaurant[];
  /** How many changes of this account the team's stream told of: its sessions are read again at each. */
  heard: number;
  onChanged: (account: StaffTeamAccount) => void;
  onPassword: (answer: { account: StaffTeamAccount; password: string | null; emailed_to: string | null }) => void;
  onBack: () => void;
}) {
  const form = useVersionedForm<StaffTeamAccount>(
    account,
    (draft) =>
      staffCall(
        staffTeamSaveCall,
        {
          version: draft.version,
          name: draft.name,
          email: draft.email,
          role: draft.role,
          chain: draft.chain,
          restaurant_ids: draft.chain ? [] : draft.restaurant_ids,
        },
        { params: { id: draft.id } },
      ),
    onChanged,
  );
  const [savedOnce, setSavedOnce] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSavedOnce(await form.submit());
  };
  // Another change of this account (access, password) moved its version: the form follows when it has nothing unsaved.
  const { dirty, load } = form;
  useEffect(() => {
    if (!dirty) load(account);
  }, [account, dirty, load]);

  return (
    <div className="team__account">
      <button type="button" className="staff-button staff-button--ghost" onClick={onBack}>
        ← Вся команда
      </button>
      <form
        className="staff-card team__form"
        aria-labelledby="team-account-title"
        onSubmit={(event) => void submit(event)}
      >
        <h2 id="team-account-title">
          {account.name} <span className="staff-field__hint">{account.login}</span>
        </h2>
        <p>
          {roleText(account)} · {placesText(account, restaurants)} · {account.active ? 'Активен' : 'Отключён'}
        </p>
        {form.stale ? (
          <StaleNotice
            stale={form.stale}
            labels={FIELD_LABELS}
            show={(key, value) =>
              key === 'restaurant_ids'
                ? placesText({ chain: false, restaurant_ids: value as number[] }, restaurants)
                : key === 'role'
                  ? STAFF_ROLE_NAMES[value as TeamRole]
                  : typeof value === 'boolean'
                    ? value
                      ? 'да'
                      : 'нет'
                    : String(value)
            }
            onTake={form.takeCurrent}
          />
        ) : null}
        <AccountFields
          draft={form.draft}
          lockRole={own}
          restaurants={restaurants}
          onChange={(draft) =>
            (Object.keys(draft) as (keyof AccountDraft)[]).forEach((key) => form.set(key, draft[key]))
          }
        />
        <SaveBar form={form} savedOnce={savedOnce} />
      </form>
      <PasswordReset account={account} onPassword={onPassword} />
      <Access account={account} own={own} onChanged={onChanged} />
      <Sessions account={account} heard={heard} onChanged={onChanged} />
    </div>
  );
}

function PasswordReset({
  account,
  onPassword,
}: {
  account: StaffTeamAccount;
  onPassword: (answer: { account: StaffTeamAccount; password: string | null; emailed_to: string | null }) => void;
}) {
  const [delivery, setDelivery] = useState<PasswordDelivery>('show');
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const reset = async () => {
    if (
      await action.run(async () =>
        onPassword(await staffCall(staffTeamPasswordCall, { delivery }, { params: { id: account.id } })),
      )
    )
      setConfirming(false);
  };
  return (
    <section className="staff-card" aria-labelledby="team-reset-title">
      <h2 id="team-reset-title">Пароль</h2>
      <p className="staff-field__hint">
        Новый пароль создаётся автоматически. Старый перестаёт работать, и все сеансы сотрудника завершаются.
      </p>
      <SelectField
        label="Как передать новый пароль"
        value={delivery}
        options={DELIVERY_OPTIONS}
        onChange={setDelivery}
      />
      {confirming ? (
        <Confirm
          question={`Сбросить пароль ${account.login}?`}
          yes="Да, сбросить"
          busy={action.busy}
          onYes={() => void reset()}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className="staff-button staff-button--secondary" onClick={() => setConfirming(true)}>
          Сбросить пароль
        </button>
      )}
      <StaffError text={action.error} />
    </section>
  );
}

/** Disabling needs a confirmation; the chain manager's own account cannot be disabled here. */
function Access({
  account,
  own,
  onChanged,
}: {
  account: StaffTeamAccount;
  own: boolean;
  onChanged: (account: StaffTeamAccount) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const set = async (active: boolean) => {
    if (
      await action.run(async () =>
        onChanged(
          await staffCall(staffTeamActiveCall, { version: account.version, active }, { params: { id: account.id } }),
        ),
      )
    )
      setConfirming(false);
  };
  return (
    <section className="staff-card" aria-labelledby="team-access-title">
      <h2 id="team-access-title">Доступ</h2>
      {own ? (
        <p className="staff-field__hint">Свою учётную запись отключить нельзя: это может другой менеджер сети.</p>
      ) : account.active ? (
        confirming ? (
          <Confirm
            question={`Отключить ${account.login}?`}
            yes="Да, отключить"
            busy={action.busy}
            onYes={() => void set(false)}
            onNo={() => setConfirming(false)}
          />
        ) : (
          <button type="button" className="staff-button staff-button--danger" onClick={() => setConfirming(true)}>
            Отключить сотрудника
          </button>
        )
      ) : (
        <>
          <p>Сотрудник отключён и не может войти.</p>
          <button
            type="button"
            className="staff-button staff-button--secondary"
            disabled={action.busy}
            onClick={() => void set(true)}
          >
            Включить снова
          </button>
        </>
      )}
      <StaffError text={action.error} />
    </section>
  );
}

function Sessions({
  account,
  heard,
  onChanged,
}: {
  account: StaffTeamAccount;
  heard: number;
  onChanged: (account: StaffTeamAccount) => void;
}) {
  const sessions = useStaffData(
    () => staffCall(staffTeamSessionsCall, { params: { id: account.id } }),
    `sessions-${account.id}`,
  );
  // A change the stream told of after the panel opened: its sessions read again, the list shown
  // meanwhile (the panel's first read is its own; one read per change, never two).
  const { reload } = sessions;
  const heardAtOpen = useRef(heard);
  useEffect(() => {
    if (heard !== heardAtOpen.current) reload();
  }, [heard, reload]);
  const action = useAction();
  const end = async (session: StaffTeamSession | null) => {
    await action.run(async () => {
      const { ended } = await staffCall(
        staffTeamEndSessionsCall,
        { session_id: session?.id ?? null },
        { params: { id: account.id } },
      );
      onChanged({ ...account, sessions: Math.max(0, account.sessions - ended) });
      reload();
    });
  };
  const list = sessions.data?.sessions ?? [];
  return (
    <section className="staff-card" aria-labelledby="team-sessions-title">
      <h2 id="team-sessions-title">Сеансы</h2>
      <button type="button" className="staff-button staff-button--ghost" onClick={sessions.reload}>
        Обновить список
      </button>
      {!sessions.data ? (
        <NotLoaded error={sessions.error} loading="Загружаем сеансы…" onRetry={sessions.reload} />
      ) : list.length === 0 ? (
        <p className="staff-empty">Нет открытых сеансов.</p>
      ) : (
        <>
          <ul className="team__sessions">
            {list.map((session) => (
              <li key={session.id}>
                <span>
                  <strong>{deviceText(session.user_agent)}</strong>
                  {session.current ? ' (этот сеанс)' : ''}
                  <br />
                  <span className="staff-field__hint">
                    Вход {momentText(session.created_at)} · последняя активность {momentText(session.last_seen_at)}
                  </span>
                </span>
                <button
                  type="button"
                  className="staff-button staff-button--secondary"
                  onClick={() => void end(session)}
                >
                  Завершить
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="staff-button staff-button--danger" onClick={() => void end(null)}>
            Завершить все сеансы
          </button>
        </>
      )}
      <StaffError text={action.error} />
    </section>
  );
}
