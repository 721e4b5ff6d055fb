import { type FormEvent, useState } from 'react';
import { callPath, STAFF_CODE_LENGTH, staffCaptchaCall, staffSignInCall, staffVerifyCall } from '@chain/contract';
import { ApiError } from '../api/client';
import { CaptchaPicture } from '../ui/captcha-picture';
import { failureText, staffCall } from './api';
import { clockText } from './clock';
import { deviceTokenFor, rememberDeviceToken } from './devices';
import { setStaffSession } from './session';
import { StaffError } from './staff-error';

/** The refusals that ask for a captcha (a new image each time: one image, one try). */
const CAPTCHA_ERRORS: ReadonlySet<string> = new Set(['captcha_required', 'captcha', 'captcha_empty']);

/** A captcha id: 32 hex digits drawn here, which the image and the answer are named by. */
function newCaptchaId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Staff sign-in (issue 17): login and password, then the 6-digit code e-mailed to the account.
 * A device that signed in as the login before sends its device token (devices.ts), so a
 * stranger's wrong passwords never hold it back; any other device, once the login has had too
 * many wrong passwords, reads a captcha with each try (issue 30.3, decision 039).
 */
export function SignInPage() {
  const [step, setStep] = useState<{ challenge: string; hint: string; sentAt: string; newCode: boolean } | null>(null);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const newCaptcha = () => {
    setCaptchaId(newCaptchaId());
    setCaptcha('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (!step) {
        const device = deviceTokenFor(login);
        const answer = await staffCall(staffSignInCall, {
          login,
          password,
          ...(device ? { device } : {}),
          ...(captchaId ? { captcha_id: captchaId, captcha } : {}),
        });
        setStep({
          challenge: answer.challenge,
          hint: answer.email_hint,
          sentAt: answer.sent_at,
          newCode: answer.new_code,
        });
        setPassword('');
        setCaptchaId(null);
        setCaptcha('');
      } else {
        const answer = await staffCall(staffVerifyCall, { challenge: step.challenge, code });
        rememberDeviceToken(answer.staff.login, answer.device);
        setStaffSession({ token: answer.token, me: answer.staff });
      }
    } catch (failure) {
      setError(failureText(failure));
      // A captcha sent with a try is used up whatever the answer: the next try needs a new one.
      if (
        !step &&
        (captchaId !== null ||
          (failure instanceof ApiError && failure.code !== null && CAPTCHA_ERRORS.has(failure.code)))
      )
        newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="staff-sign-in">
      <form className="staff-card staff-sign-in__form" onSubmit={(event) => void submit(event)} noValidate>
        <h1>Вход для сотрудников</h1>
        {!step ? (
          <>
            <label className="staff-field">
              <span>Логин</span>
              <input
                name="login"
                autoComplete="username"
                value={login}
                onChange={(event) => setLogin(event.target.value)}
                required
                maxLength={64}
              />
            </label>
            <label className="staff-field">
              <span>Пароль</span>
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
                maxLength={200}
              />
            </label>
            {captchaId ? (
              <CaptchaField id={captchaId} value={captcha} onChange={setCaptcha} onRefresh={newCaptcha} />
            ) : null}
          </>
        ) : (
          <>
            <p>
              {step.newCode
                ? `Мы отправили код на ${step.hint}.`
                : `Код уже отправлен на ${step.hint} в ${clockText(step.sentAt)} — введите код из этого письма.`}
            </p>
            <label className="staff-field">
              <span>Код из письма</span>
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d*"
                maxLength={STAFF_CODE_LENGTH}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                required
              />
            </label>
          </>
        )}
        <StaffError text={error} />
        <button
          type="submit"
          className="staff-button staff-button--primary staff-button--big"
          aria-busy={busy || undefined}
        >
          {step ? 'Войти' : 'Далее'}
        </button>
        {step ? (
          <button
            type="button"
            className="staff-button staff-button--ghost"
            onClick={() => {
              setStep(null);
              setCode('');
              setError(null);
            }}
          >
            Другой логин
          </button>
        ) : null}
      </form>
    </main>
  );
}

/** The captcha's picture, a way to another one, and the field for its digits. */
function CaptchaField({
  id,
  value,
  onChange,
  onRefresh,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
}) {
  return (
    <div className="staff-captcha">
      <div className="staff-captcha__picture">
        <CaptchaPicture src={callPath(staffCaptchaCall, { id })} failedClassName="staff-captcha__failed" />
        <button type="button" className="staff-button staff-button--secondary" onClick={onRefresh}>
          Другая картинка
        </button>
      </div>
      <label className="staff-field">
        <span>Код с картинки</span>
        <input
          name="captcha"
          inputMode="numeric"
          autoComplete="off"
          maxLength={32}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
        />
      </label>
    </div>
  );
}
