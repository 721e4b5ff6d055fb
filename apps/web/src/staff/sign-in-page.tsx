import { type FormEvent, useState } from 'react';
import { STAFF_CODE_LENGTH, staffSignInCall, staffVerifyCall } from '@chain/contract';
import { failureText, staffCall } from './api';
import { setStaffSession } from './session';
import { StaffError } from './staff-error';

/** Staff sign-in (issue 17): login and password, then the 6-digit code e-mailed to the account. */
export function SignInPage() {
  const [step, setStep] = useState<{ challenge: string; hint: string } | null>(null);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (!step) {
        const answer = await staffCall(staffSignInCall, { login, password });
        setStep({ challenge: answer.challenge, hint: answer.email_hint });
        setPassword('');
      } else {
        const answer = await staffCall(staffVerifyCall, { challenge: step.challenge, code });
        setStaffSession({ token: answer.token, me: answer.staff });
      }
    } catch (failure) {
      setError(failureText(failure));
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
              <input name="login" autoComplete="username" value={login} onChange={(event) => setLogin(event.target.value)} required maxLength={64} />
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
          </>
        ) : (
          <>
            <p>Мы отправили код на {step.hint}.</p>
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
        <button type="submit" className="staff-button staff-button--primary staff-button--big" aria-busy={busy || undefined}>
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
