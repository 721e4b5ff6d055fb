import type { FeedbackTopicCategory } from '@chain/contract';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { ERROR_TITLE, FEEDBACK_SENT, formatPhoneInput, validateFeedback } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { useQuery } from '../../api/query-cache';
import { showDialog, useGuestState } from '../../state/store';
import { Button } from '../../ui/button';
import { Input, TextArea } from '../../ui/input';
import { Screen } from '../../ui/screen';
import { useGuestSession } from '../../state/guest-session';
import { feedbackTopicsQuery, type FeedbackSession, sendFeedback } from './api/feedback';
import {
  chooseCategory,
  FEEDBACK_NAME_MAX_LENGTH,
  FEEDBACK_PHONE_MAX_LENGTH,
  FEEDBACK_TEXT_MAX_LENGTH,
  feedbackBody,
  type FeedbackForm,
  feedbackFormOf,
} from './feedback-model';
import './account-forms.css';

/** SPEC 2 Other pages, SPEC 5: Обратная связь — name, phone, category, item, message, «Отправить». */
export default function FeedbackPage() {
  const session = useGuestSession();
  return (
    <Screen title="Обратная связь" menu>
      <FeedbackFormView key={session?.id ?? ''} session={session} />
    </Screen>
  );
}

function FeedbackFormView({ session }: { session: FeedbackSession | null }) {
  const formId = useId();
  const user = useGuestState((state) => state.user);
  const [form, setForm] = useState<FeedbackForm>(() => feedbackFormOf(session ? user : { name: '', phone: '' }));
  const [sending, setSending] = useState(false);
  const topicsArgs = useMemo(() => ({ session }), [session]);
  const topics = useQuery(feedbackTopicsQuery, topicsArgs);
  const categories = topics.status === 'ready' ? topics.data : NO_CATEGORIES;
  const category = categories.find((entry) => entry.id === form.categoryId) ?? null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const incomplete = validateFeedback(form);
    if (incomplete) {
      await showDialog(incomplete);
      return;
    }
    setSending(true);
    try {
      await sendFeedback(session, feedbackBody(categories, form));
      setSending(false);
      setForm((current) => ({ ...current, message: '' }));
      await showDialog(FEEDBACK_SENT);
    } catch (error) {
      setSending(false);
      await showDialog({
        title: ERROR_TITLE,
        message: error instanceof ApiError ? error.message : REQUEST_FAILED_MESSAGE,
      });
    }
  };

  return (
    <form id={formId} className="account-form" noValidate onSubmit={(event) => void send(event)}>
      <p className="account-form__note">Напишите нам вопрос, пожелание или жалобу.</p>
      <div className="account-form__group">
        <Input
          label="Имя"
          autoComplete="name"
          maxLength={FEEDBACK_NAME_MAX_LENGTH}
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <Input
          label="Телефон"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (___) ___-__-__"
          maxLength={FEEDBACK_PHONE_MAX_LENGTH}
          value={form.phone}
          onChange={(event) => setForm({ ...form, phone: formatPhoneInput(event.target.value) })}
        />
        <SelectField
          label="Тема"
          value={form.categoryId}
          disabled={topics.status !== 'ready'}
          onChange={(value) => setForm(chooseCategory(categories, form, value))}
          after={
            topics.status === 'error' ? (
              <div className="account-form__topics-error" role="alert">
                <p className="field__error">Не удалось загрузить темы. {topics.error.message}</p>
                <Button
                  variant="secondary"
                  icon={<RefreshCw />}
                  onClick={() => feedbackTopicsQuery.refetch(topicsArgs)}
                >
                  Повторить
                </Button>
              </div>
            ) : null
          }
        >
          <option value="">
            {topics.status === 'ready' || topics.status === 'error' ? 'Без темы' : 'Загружаем темы…'}
          </option>
          {categories.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Что именно"
          value={form.itemId}
          disabled={category === null}
          onChange={(value) => setForm({ ...form, itemId: value })}
        >
          {category === null ? <option value="">Сначала выберите тему</option> : null}
          {(category?.items ?? []).map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </SelectField>
        <MessageField value={form.message} onChange={(message) => setForm({ ...form, message })} />
      </div>
      <Button type="submit" block busy={sending}>
        Отправить
      </Button>
    </form>
  );
}

const NO_CATEGORIES: readonly FeedbackTopicCategory[] = [];

function SelectField({
  label,
  value,
  disabled,
  onChange,
  children,
  after,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {after}
    </div>
  );
}

function MessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextArea
      label="Сообщение"
      inputClassName="account-form__message"
      rows={5}
      maxLength={FEEDBACK_TEXT_MAX_LENGTH}
      value={value}
      onChange={onChange}
      hint={`${value.length} из ${FEEDBACK_TEXT_MAX_LENGTH}`}
      hintClassName="account-form__counter"
    />
  );
}
