import type { Settings } from '@chain/contract';
import { LockKeyhole, Phone, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { captchaConfigQuery } from '../../api/auth';
import { useQuery } from '../../api/query-cache';
import { settingsQuery } from '../../api/settings';
import type { User } from '../../state/guest-store';
import { guestStore } from '../../state/store';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { SignInFlow } from './sign-in-flow';
import { allowedMethods, METHOD_TEXT, type SignInMethod } from './sign-in-model';
import './auth-page.css';

// Which captcha the form shows (decision 061) is asked as the screen's code arrives: the page has
// preloaded it (the contract's ROUTE_OPENING_ANSWERS), so the captcha step never waits for it.
captchaConfigQuery.ensure();

/** SPEC 2 Sign-in (/auth): the types the settings allow, a captcha, then a code or a call. */
export default function AuthPage() {
  const settings = useQuery(settingsQuery);
  return (
    <Screen title="Вход" busy={settings.status === 'loading'}>
      <div className="auth-page">
        <Brand settings={settings.data} loading={settings.status === 'loading'} />
        {settings.status === 'loading' ? (
          <FormSkeleton />
        ) : settings.status === 'error' ? (
          <div className="auth-page__problem" role="alert">
            <p>{settings.error.message}</p>
            <Button variant="secondary" icon={<RefreshCw />} onClick={() => settingsQuery.refetch()}>
              Повторить
            </Button>
          </div>
        ) : (
          <SignIn settings={settings.data} />
        )}
      </div>
    </Screen>
  );
}

/** The chain's name (its logo is in the top bar) and why to sign in. */
function Brand({ settings, loading }: { settings: Settings | null; loading: boolean }) {
  return (
    <div className="auth-page__brand">
      {loading ? (
        <Skeleton width="9rem" height="1.875rem" />
      ) : settings ? (
        <h2 className="auth-page__name">{settings.app_name}</h2>
      ) : null}
      <p className="auth-page__lead">Войдите, чтобы оформлять заказы и следить за ними.</p>
    </div>
  );
}

function SignIn({ settings }: { settings: Settings }) {
  const [, navigate] = useLocation();
  const methods = allowedMethods(settings);
  const [chosen, setChosen] = useState<SignInMethod | null>(null);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');

  const method = chosen && methods.includes(chosen) ? chosen : methods[0];
  if (!method) {
    const hotline = settings.hotline.trim();
    return (
      <EmptyState
        icon={<LockKeyhole />}
        title="Вход временно недоступен"
        text="Попробуйте немного позже или позвоните нам — оформим заказ по телефону."
        action={
          hotline ? (
            <a className="auth-page__hotline" href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>
              <Phone aria-hidden="true" />
              <span>{hotline}</span>
            </a>
          ) : null
        }
      />
    );
  }

  const signedIn = (user: User) => {
    guestStore.getState().setUser(user);
    // SPEC 4: signed in → OrderType.
    navigate('/', { replace: true });
  };

  return (
    <div className="auth-page__form">
      {methods.length > 1 ? (
        <fieldset className="segmented">
          <legend className="visually-hidden">Способ входа</legend>
          {methods.map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name="sign-in-method"
                value={option}
                checked={option === method}
                onChange={() => setChosen(option)}
              />
              <span>{METHOD_TEXT[option].label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="auth-page__method-text">{METHOD_TEXT[method].description}</p>
      <SignInFlow
        key={method}
        method={method}
        contactInput={method === 'email' ? email : phone}
        onContactInput={method === 'email' ? setEmail : setPhone}
        onSignedIn={signedIn}
      />
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="auth-page__form" aria-hidden="true">
      <Skeleton height="2.75rem" />
      <Skeleton shape="text" width="85%" />
      <Skeleton height="4.5rem" />
      <Skeleton height="2.75rem" />
    </div>
  );
}
