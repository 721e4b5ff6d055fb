import { CAPTCHA_WIDGET_EMPTY_MESSAGE, type CaptchaConfig } from '@chain/contract';
import {
  formatPhoneInput,
  OFFLINE_SIGN_IN_WAITS_MESSAGE,
  REQUEST_IN_PROGRESS_MESSAGE,
  validateCaptcha,
} from '@chain/domain';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import {
  captchaConfigQuery,
  captchaUrl,
  type CodeSent,
  type InboundCall,
  requestEmailCode,
  requestPhoneCode,
  signInWithEmailCode,
  signInWithPhoneCode,
  startInboundCall,
} from '../../api/auth';
import { useQuery } from '../../api/query-cache';
import type { User } from '../../state/guest-store';
import { showDialog } from '../../state/store';
import { Button, IconButton } from '../../ui/button';
import { CaptchaPicture } from '../../ui/captcha-picture';
import { CaptchaWidget } from '../../ui/captcha-widget';
import { Input } from '../../ui/input';
import { LoadError } from '../../ui/load-error';
import { useSecondsLeft } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { InboundCallStep } from './inbound-call-step';
import { isAbort, type PlacedError, placeError } from './request-error';
import {
  checkCode,
  checkContact,
  codeInput,
  codeLength,
  formatCountdown,
  METHOD_TEXT,
  type SignInMethod,
} from './sign-in-model';

type Step =
  | { readonly kind: 'contact' }
  | { readonly kind: 'captcha'; readonly contact: string }
  | { readonly kind: 'code'; readonly contact: string; readonly sent: CodeSent; readonly resendAt: number }
  | { readonly kind: 'call'; readonly contact: string; readonly call: InboundCall; readonly deadline: number };

export interface SignInFlowProps {
  method: SignInMethod;
  /** The contact as typed (kept by the page, so the phone survives a switch between phone ways). */
  contactInput: string;
  onContactInput: (value: string) => void;
  onSignedIn: (user: User) => void;
}

/**
 * SPEC 4 Sign-in: contact → captcha → code sent (or call pending) → signed in. One request at a
 * time: while it runs the button ignores taps and SPEC 5's 'Идет обработка запроса, подождите...'
 * is shown.
 */
export function SignInFlow({ method, contactInput, onContactInput, onSignedIn }: SignInFlowProps) {
  const [step, setStep] = useState<Step>({ kind: 'contact' });
  const [busy, setBusy] = useState(false);
  // Issue 18: with the network gone the form says why it waits (a tap still gets SPEC 8's «Ошибка запроса…»).
  const online = useOnline();
  const [error, setError] = useState<PlacedError | null>(null);
  const [captcha, setCaptcha] = useState('');
  const [captchaStamp, setCaptchaStamp] = useState(() => Date.now());
  const [code, setCode] = useState('');
  // The picture or a captcha service's widget (decision 061): the server says which.
  const captchaKind = useQuery(captchaConfigQuery);
  const widget = captchaKind.status === 'ready' && captchaKind.data.kind === 'smartcaptcha' ? captchaKind.data : null;

  const inFlight = useRef(false);
  const aborter = useRef<AbortController | null>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const text = METHOD_TEXT[method];

  useEffect(() => () => aborter.current?.abort(), []);

  // Focus follows the step: the field the guest fills next.
  const focusTarget = useRef<'captcha' | 'code' | null>(null);
  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target === 'captcha') captchaRef.current?.focus();
    if (target === 'code') codeRef.current?.focus();
  }, [step]);

  const focusError = (place: PlacedError['place']) => {
    const field =
      place === 'contact' ? contactRef : place === 'captcha' ? captchaRef : place === 'code' ? codeRef : null;
    // After the error renders, so the field is described by it when focus lands.
    requestAnimationFrame(() => field?.current?.focus());
  };

  /** Runs one request; the busy state, double-submit guard, cancellation and errors in one place. */
  async function run<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    const controller = new AbortController();
    aborter.current = controller;
    setBusy(true);
    setError(null);
    try {
      return await request(controller.signal);
    } catch (failure) {
      if (isAbort(failure) || controller.signal.aborted) return null;
      const placed = placeError(failure);
      setError(placed);
      focusError(placed.place);
      return null;
    } finally {
      inFlight.current = false;
      if (!controller.signal.aborted) setBusy(false);
    }
  }

  const newCaptcha = () => {
    setCaptcha('');
    setCaptchaStamp(Date.now());
  };

  const editContact = () => {
    aborter.current?.abort();
    inFlight.current = false;
    setBusy(false);
    setError(null);
    setCode('');
    setStep({ kind: 'contact' });
    requestAnimationFrame(() => contactRef.current?.focus());
  };

  const toCaptcha = (contact: string) => {
    newCaptcha();
    setCode('');
    focusTarget.current = 'captcha';
    setStep({ kind: 'captcha', contact });
  };

  const submitContact = () => {
    const checked = checkContact(method, contactInput);
    if (checked.error !== null) {
      setError({ place: 'contact', message: checked.error });
      focusError('contact');
      return;
    }
    setError(null);
    toCaptcha(checked.contact);
  };

  const submitCaptcha = async (contact: string) => {
    // SPEC 5: an empty captcha is an alert, 'Код не введен!' (the widget's: «Отметьте «Я не робот».»).
    if (captchaKind.status !== 'ready') return;
    const empty = widget ? (captcha === '' ? CAPTCHA_WIDGET_EMPTY_MESSAGE : null) : validateCaptcha(captcha);
    if (empty) {
      await showDialog({ message: empty });
      captchaRef.current?.focus();
      return;
    }
    const answer = captcha.trim();
    if (method === 'inbound') {
      const call = await run((signal) => startInboundCall(contact, answer, { signal }));
      if (call) setStep({ kind: 'call', contact, call, deadline: Date.now() + call.expiresIn * 1000 });
      else newCaptcha(); // a captcha is single use: a failed request may have spent it
      return;
    }
    const sent = await run((signal) =>
      method === 'email'
        ? requestEmailCode(contact, answer, { signal })
        : requestPhoneCode(contact, answer, 'call', { signal }),
    );
    if (sent) {
      focusTarget.current = 'code';
      setStep({ kind: 'code', contact, sent, resendAt: Date.now() + sent.resendAfter * 1000 });
    } else {
      newCaptcha();
    }
  };

  const submitCode = async (contact: string) => {
    if (method === 'inbound') return;
    const invalid = checkCode(method, code);
    if (invalid) {
      setError({ place: 'code', message: invalid });
      focusError('code');
      return;
    }
    const user = await run((signal) =>
      method === 'email'
        ? signInWithEmailCode(contact, code, { signal })
        : signInWithPhoneCode(contact, code, 'call', { signal }),
    );
    if (user) onSignedIn(user);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (step.kind === 'contact') submitContact();
    else if (step.kind === 'captcha') void submitCaptcha(step.contact);
    else if (step.kind === 'code') void submitCode(step.contact);
  };

  /** The picture's digits as typed, or the widget's token (decision 061): either clears the captcha's error. */
  const captchaChanged = (value: string) => {
    setCaptcha(value);
    if (error?.place === 'captcha') setError(null);
  };

  const errorAt = (place: PlacedError['place']) => (error?.place === place ? error.message : null);
  const isEmail = method === 'email';

  if (step.kind === 'call') {
    return (
      <InboundCallStep
        phone={step.contact}
        call={step.call}
        deadline={step.deadline}
        onSignedIn={onSignedIn}
        onRestart={() => toCaptcha(step.contact)}
        onEditPhone={editContact}
      />
    );
  }

  return (
    <form id={formId} className="sign-in" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      {step.kind === 'code' ? (
        <CodeSentSummary method={method} contact={step.contact} onEdit={editContact} />
      ) : (
        <Input
          ref={contactRef}
          label={isEmail ? 'Электронная почта' : 'Номер телефона'}
          name={isEmail ? 'email' : 'tel'}
          type={isEmail ? 'email' : 'tel'}
          inputMode={isEmail ? 'email' : 'tel'}
          autoComplete={isEmail ? 'email' : 'tel'}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={isEmail ? 'name@example.ru' : '+7 (___) ___-__-__'}
          value={contactInput}
          maxLength={isEmail ? 254 : undefined}
          error={errorAt('contact')}
          onChange={(event) => {
            onContactInput(isEmail ? event.target.value : formatPhoneInput(event.target.value));
            // The captcha belongs to the contact it was drawn for: a new contact needs a new one.
            if (step.kind === 'captcha') setStep({ kind: 'contact' });
            if (error?.place === 'contact') setError(null);
          }}
        />
      )}

      {step.kind === 'captcha' && captchaKind.status !== 'ready' ? (
        <CaptchaKindPending state={captchaKind.status} />
      ) : null}

      {step.kind === 'captcha' && widget ? (
        <CaptchaWidgetField config={widget} stamp={captchaStamp} error={errorAt('captcha')} onToken={captchaChanged} />
      ) : null}

      {step.kind === 'captcha' && captchaKind.status === 'ready' && !widget ? (
        <CaptchaField
          inputRef={captchaRef}
          contact={step.contact}
          stamp={captchaStamp}
          value={captcha}
          error={errorAt('captcha')}
          onChange={captchaChanged}
          onRefresh={newCaptcha}
        />
      ) : null}

      {step.kind === 'code' ? (
        <Input
          ref={codeRef}
          className="sign-in__code"
          label={method === 'phone' ? 'Код из звонка' : 'Код из письма'}
          hint={
            method === 'phone'
              ? 'Введите последние 4 цифры номера, с которого звонят'
              : 'Если письма нет, загляните в папку «Спам».'
          }
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          maxLength={codeLength(method === 'email' ? 'email' : 'phone')}
          error={errorAt('code')}
          onChange={(event) => {
            setCode(codeInput(event.target.value, codeLength(method === 'email' ? 'email' : 'phone')));
            if (error?.place === 'code') setError(null);
          }}
        />
      ) : null}

      {error?.place === 'form' ? (
        <p className="sign-in__error" role="alert">
          {error.message}
        </p>
      ) : null}

      <div className="sign-in__actions">
        <Button type="submit" block busy={busy}>
          {step.kind === 'contact' ? 'Продолжить' : step.kind === 'captcha' ? text.sendLabel : 'Войти'}
        </Button>
        <p className="sign-in__busy" role="status">
          {busy ? REQUEST_IN_PROGRESS_MESSAGE : online ? '' : OFFLINE_SIGN_IN_WAITS_MESSAGE}
        </p>
        {step.kind === 'code' ? (
          <ResendCode
            resendAt={step.resendAt}
            label={method === 'phone' ? 'Позвонить ещё раз' : 'Отправить код ещё раз'}
            disabled={busy}
            onResend={() => toCaptcha(step.contact)}
          />
        ) : null}
      </div>
    </form>
  );
}

interface CaptchaFieldProps {
  inputRef: Ref<HTMLInputElement>;
  contact: string;
  stamp: number;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onRefresh: () => void;
}

/** SPEC 2: the captcha image for the contact (GET /captcha/{contact}?{timestamp}), shown before a code can be sent. */
function CaptchaField({ inputRef, contact, stamp, value, error, onChange, onRefresh }: CaptchaFieldProps) {
  return (
    <div className="sign-in__captcha">
      <div className="sign-in__captcha-picture">
        <CaptchaPicture
          src={captchaUrl(contact, stamp)}
          imageClassName="sign-in__captcha-image"
          failedClassName="sign-in__captcha-failed"
        />
        <IconButton label="Показать другую картинку" icon={<RefreshCw />} onClick={onRefresh} />
      </div>
      <Input
        ref={inputRef}
        label="Код с картинки"
        name="captcha"
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The captcha's kind is still asked, or could not be: a placeholder, or the failure with a retry. */
function CaptchaKindPending({ state }: { state: 'loading' | 'error' }) {
  return state === 'error' ? (
    <LoadError
      title="Проверка «Я не робот» не загрузилась"
      message="Проверьте соединение и попробуйте ещё раз."
      onRetry={() => captchaConfigQuery.refetch()}
    />
  ) : (
    <p className="sign-in__captcha-loading" role="status">
      Загружаем проверку…
    </p>
  );
}

/**
 * The captcha service's widget (decision 061) where the picture was: its token goes where the
 * picture's answer went. A new stamp (a failed request may have spent the token) resets it.
 */
function CaptchaWidgetField({
  config,
  stamp,
  error,
  onToken,
}: {
  config: CaptchaConfig;
  stamp: number;
  error: string | null;
  onToken: (token: string) => void;
}) {
  const errorId = useId();
  return (
    <div className="sign-in__captcha" aria-describedby={error ? errorId : undefined}>
      <CaptchaWidget
        sitekey={config.sitekey}
        scriptUrl={config.scriptUrl}
        resetKey={stamp}
        onToken={onToken}
        className="sign-in__captcha-widget"
      />
      {error ? (
        <p id={errorId} className="sign-in__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Where the code went, with a way back to change it (the server's own confirmation is the hint's job). */
function CodeSentSummary({ method, contact, onEdit }: { method: SignInMethod; contact: string; onEdit: () => void }) {
  return (
    <div className="sign-in__summary">
      <p className="sign-in__summary-contact">
        <span className="sign-in__summary-label">{method === 'email' ? 'Код отправлен на' : 'Звоним на номер'}</span>
        <span>{method === 'email' ? contact : formatPhoneInput(contact)}</span>
      </p>
      <Button variant="ghost" onClick={onEdit}>
        Изменить
      </Button>
    </div>
  );
}

function ResendCode({
  resendAt,
  label,
  disabled,
  onResend,
}: {
  resendAt: number;
  label: string;
  disabled: boolean;
  onResend: () => void;
}) {
  const left = useSecondsLeft(resendAt);
  if (left > 0) {
    return <p className="sign-in__resend-wait">{`${label} можно через ${formatCountdown(left)}`}</p>;
  }
  return (
    <Button variant="ghost" block disabled={disabled} onClick={onResend}>
      {label}
    </Button>
  );
}
