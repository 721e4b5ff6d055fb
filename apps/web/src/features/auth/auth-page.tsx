import { UtensilsCrossed } from 'lucide-react';
import { useSettings } from '../../api/settings';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import './auth-page.css';

/** SPEC 2 Sign-in (/auth): the frame; the sign-in types come in a later release. */
export default function AuthPage() {
  const settings = useSettings();
  return (
    <Screen title="Вход" busy={settings.status === 'loading'}>
      <div className="auth-page">
        <div className="auth-page__brand">
          {settings.status === 'loading' ? (
            <>
              <Skeleton width="5rem" height="5rem" shape="circle" />
              <Skeleton width="10rem" shape="text" />
            </>
          ) : settings.status === 'ready' ? (
            <>
              {settings.settings.logo ? (
                <img className="auth-page__logo" src={settings.settings.logo} alt="" width={80} height={80} />
              ) : (
                <span className="auth-page__logo auth-page__logo--fallback">
                  <UtensilsCrossed aria-hidden="true" />
                </span>
              )}
              <p className="auth-page__name">{settings.settings.app_name}</p>
            </>
          ) : (
            <span className="auth-page__logo auth-page__logo--fallback">
              <UtensilsCrossed aria-hidden="true" />
            </span>
          )}
        </div>
        <p className="auth-page__lead">Войдите, чтобы оформлять заказы, следить за ними и сохранять адреса.</p>
        <p className="auth-page__note">Вход по телефону и e-mail появится в ближайшем обновлении.</p>
      </div>
    </Screen>
  );
}
