import { MapPin } from 'lucide-react';
import { useMemo } from 'react';
import { useAppState } from '../../state/store';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Skeleton } from '../../ui/skeleton';

// What Мои адреса and the edit page share: the guest's session, what a guest without one sees,
// and the loading skeleton.

/** The signed-in guest's id and token, or null (a kiosk has no saved addresses). */
export function useAddressSession(): { id: string; password: string } | null {
  const authorized = useAppState((state) => state.user.authorized);
  const id = useAppState((state) => state.user.id);
  const password = useAppState((state) => state.user.password);
  return useMemo(() => (authorized && id ? { id, password } : null), [authorized, id, password]);
}

export function AddressSkeleton() {
  return (
    <div className="address-skeleton">
      <span className="visually-hidden" role="status">
        Загружаем адреса…
      </span>
      <Skeleton height="4.5rem" />
      <Skeleton height="4.5rem" />
    </div>
  );
}

/** A kiosk or a signed-out guest keeps no addresses: the way to sign in. */
export function SignInForAddresses() {
  return <SignInPrompt icon={<MapPin />} title="Адреса доступны после входа" text="Войдите, чтобы сохранять адреса доставки." />;
}
