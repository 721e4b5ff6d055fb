import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { APP_ROUTES } from '@chain/contract';
import {
  ACCOUNT_DELETE_CONFIRM,
  ERROR_TITLE,
  formatPhoneInput,
  PROFILE_NOT_SAVED_MESSAGE,
  PROFILE_SAVED_MESSAGE,
  SOMETHING_WENT_WRONG_MESSAGE,
} from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { guestStore, showDialog, useGuestState } from '../../state/store';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Screen } from '../../ui/screen';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { useGuestSession } from '../../state/guest-session';
import {
  dropAccount,
  type ProfileFieldName,
  type ProfileFields,
  type ProfileSession,
  saveProfile,
} from './api/profile';
import {
  ADDRESS_FIELDS,
  CONTACT_FIELDS,
  type ProfileErrors,
  profileErrors,
  profileFormOf,
  type ProfileFieldSpec,
  profileRequest,
  refusedFields,
} from './profile-model';
import './account-forms.css';

/** SPEC 2 Other pages, SPEC 5: Мой профиль — the guest's name, contacts, loyalty card and home address; deleting the profile. */
export default function ProfilePage() {
  const session = useGuestSession();
  return (
    <Screen title="Мой профиль" menu>
      {session === null ? <SignInPrompt topic="profile" /> : <ProfileForm key={session.id} session={session} />}
    </Screen>
  );
}

const DELETE_CHOICE = 'Удалить профиль';

/** The server's words for a refused save when it gave a reason of its own (a contact taken, a bad field). */
function saveFailureText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind === 'network') return REQUEST_FAILED_MESSAGE;
  return error.kind === 'server' && error.status !== null && error.status < 500 && error.code !== null
    ? error.message
    : undefined;
}

function ProfileForm({ session }: { session: ProfileSession }) {
  const [, navigate] = useLocation();
  const formId = useId();
  const user = useGuestState((state) => state.user);
  const [form, setForm] = useState<ProfileFields>(() => profileFormOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const inputs = useRef(new Map<ProfileFieldName, HTMLInputElement>());

  const change = (name: ProfileFieldName, value: string) => {
    setForm((current) => ({ ...current, [name]: name === 'phone' ? formatPhoneInput(value) : value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const focusField = (name: ProfileFieldName) => inputs.current.get(name)?.focus();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || deleting) return;
    const found = profileErrors(form);
    setErrors(found);
    const first = [...CONTACT_FIELDS, ...ADDRESS_FIELDS].find((field) => found[field.name]);
    if (first) {
      focusField(first.name);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProfile(session, profileRequest(form));
      guestStore.getState().setUser(saved);
      setForm(profileFormOf(saved));
      setSaving(false);
      await showDialog({ message: PROFILE_SAVED_MESSAGE });
    } catch (error) {
      setSaving(false);
      const fields = error instanceof ApiError ? refusedFields(error.code) : [];
      if (error instanceof ApiError) setErrors(Object.fromEntries(fields.map((field) => [field, error.message])));
      const reason = saveFailureText(error);
      await showDialog(
        reason ? { title: PROFILE_NOT_SAVED_MESSAGE, message: reason } : { message: PROFILE_NOT_SAVED_MESSAGE },
      );
      const [first] = fields;
      if (first) focusField(first);
    }
  };

  const remove = async () => {
    if (saving || deleting) return;
    const choice = await showDialog({
      message: ACCOUNT_DELETE_CONFIRM,
      items: [
        { label: 'Отмена', variant: 'secondary' },
        { label: DELETE_CHOICE, variant: 'primary' },
      ],
    });
    if (choice?.label !== DELETE_CHOICE) return;
    setDeleting(true);
    try {
      await dropAccount(session);
    } catch (error) {
      setDeleting(false);
      // SPEC 5: an answer without a user does not parse ('invalid') and reads «Что-то пошло не так».
      const message =
        error instanceof ApiError && error.kind === 'network' ? REQUEST_FAILED_MESSAGE : SOMETHING_WENT_WRONG_MESSAGE;
      await showDialog({ title: ERROR_TITLE, message });
      return;
    }
    // The server ended every session of the profile: here the guest is signed out like a logout.
    guestStore.getState().logout();
    navigate(APP_ROUTES.auth);
  };

  const renderField = (field: ProfileFieldSpec) => (
    <Input
      key={field.name}
      ref={(element) => {
        if (element) inputs.current.set(field.name, element);
        else inputs.current.delete(field.name);
      }}
      label={field.label}
      name={field.name}
      type={field.type ?? 'text'}
      inputMode={field.inputMode}
      autoComplete={field.autoComplete}
      maxLength={field.maxLength}
      placeholder={field.name === 'phone' ? '+7 (___) ___-__-__' : undefined}
      value={form[field.name]}
      error={errors[field.name]}
      onChange={(event) => change(field.name, event.target.value)}
    />
  );

  return (
    <form id={formId} className="account-form" noValidate onSubmit={(event) => void save(event)}>
      <fieldset className="account-form__group">
        <legend className="account-form__legend">Контакты</legend>
        {CONTACT_FIELDS.map(renderField)}
      </fieldset>
      <fieldset className="account-form__group">
        <legend className="account-form__legend">Домашний адрес</legend>
        {ADDRESS_FIELDS.slice(0, 2).map(renderField)}
        <div className="account-form__pair">{ADDRESS_FIELDS.slice(2).map(renderField)}</div>
      </fieldset>
      <Button type="submit" block busy={saving}>
        Сохранить
      </Button>
      <section className="account-form__danger" aria-labelledby={`${formId}-delete`}>
        <h2 id={`${formId}-delete`} className="account-form__legend">
          Удаление профиля
        </h2>
        <p className="account-form__note">
          Удалятся имя, контакты, карта, адреса и вход на всех устройствах. Заказы останутся в учёте ресторана без ваших
          данных.
        </p>
        <Button variant="secondary" block icon={<Trash2 />} busy={deleting} onClick={() => void remove()}>
          {DELETE_CHOICE}
        </Button>
      </section>
    </form>
  );
}
