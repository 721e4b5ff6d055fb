import { MapPin, Plus, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { APP_ROUTES, type SavedAddress } from '@chain/contract';
import { addressListQuery } from '../../api/addresses';
import { useQuery } from '../../api/query-cache';
import { isBuiltScreen, routePath } from '../../state/navigation';
import { IconButton, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { confirmAndDeleteAddress } from './address-delete';
import { useGuestSession } from '../../state/guest-session';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { AddressSkeleton } from './address-shared';
import './address-pages.css';

/** SPEC 2 Other pages: Мои адреса (/address_list), the guest's saved delivery addresses. */
export default function AddressListPage() {
  const session = useGuestSession();
  const list = useQuery(addressListQuery, session);

  return (
    <Screen title="Мои адреса" menu busy={list.status === 'loading'}>
      {session === null ? (
        <SignInPrompt topic="addresses" />
      ) : list.status === 'error' ? (
        <LoadError
          title="Не удалось загрузить адреса"
          message={list.error.message}
          onRetry={() => addressListQuery.refetch(session)}
        />
      ) : list.status === 'ready' ? (
        <Addresses addresses={list.data} />
      ) : (
        <AddressSkeleton />
      )}
    </Screen>
  );
}

function Addresses({ addresses }: { addresses: readonly SavedAddress[] }) {
  const canAdd = isBuiltScreen(APP_ROUTES.deliveryTo);
  if (addresses.length === 0) {
    return (
      <EmptyState
        icon={<MapPin />}
        title="Сохранённых адресов пока нет"
        text={
          canAdd
            ? 'Добавьте адрес — в следующий раз доставку можно будет заказать в одно касание.'
            : 'Адрес сохранится здесь, когда вы закажете доставку.'
        }
        action={
          canAdd ? (
            <LinkButton href={APP_ROUTES.deliveryTo} icon={<Plus />} block>
              Добавить адрес
            </LinkButton>
          ) : (
            <LinkButton href="/" variant="secondary" block>
              На главную
            </LinkButton>
          )
        }
      />
    );
  }
  return (
    <>
      <ul className="address-list" aria-label="Сохранённые адреса">
        {addresses.map((address) => (
          <li key={address.id} className="address-list__row">
            <Link href={routePath('addressDetail', { id: address.id })} className="address-list__link">
              <span className="address-list__short">{address.short}</span>
              {address.long !== address.short ? <span className="address-list__long">{address.long}</span> : null}
            </Link>
            <IconButton
              label={`Удалить адрес: ${address.short}`}
              icon={<Trash2 />}
              onClick={() => void confirmAndDeleteAddress(address.id)}
            />
          </li>
        ))}
      </ul>
      {canAdd ? (
        <LinkButton
          href={APP_ROUTES.deliveryTo}
          variant="secondary"
          icon={<Plus />}
          block
          className="address-list__add"
        >
          Новый адрес
        </LinkButton>
      ) : null}
    </>
  );
}
