import { MapPin, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { SavedAddress } from '@chain/contract';
import { ERROR_TITLE } from '@chain/domain';
import {
  addressListQuery,
  addressSaveErrorMessage,
  addressSaveInput,
  deliveryAddressOf,
  saveAddress,
} from '../../api/addresses';
import { useQuery } from '../../api/query-cache';
import { cartStore, showDialog } from '../../state/store';
import { type AddressDetails, AddressDetailsFields } from '../../ui/address-details-fields';
import { Button, LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { confirmAndDeleteAddress } from './address-delete';
import { useGuestSession } from '../../state/guest-session';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { AddressSkeleton } from './address-shared';
import './address-pages.css';

const LIST_PATH = '/address_list';

/** SPEC 2 Other pages: the edit page of a saved address (/address_list/{id}). */
export default function AddressDetailPage() {
  const params = useParams<{ id?: string }>();
  const session = useGuestSession();
  const list = useQuery(addressListQuery, session);
  const address = list.status === 'ready' ? (list.data.find((entry) => String(entry.id) === params.id) ?? null) : null;

  return (
    <Screen title="Адрес" back={LIST_PATH} busy={list.status === 'loading'}>
      {session === null ? (
        <SignInPrompt topic="addresses" />
      ) : list.status === 'error' ? (
        <LoadError
          title="Не удалось загрузить адрес"
          message={list.error.message}
          onRetry={() => addressListQuery.refetch(session)}
        />
      ) : list.status !== 'ready' ? (
        <AddressSkeleton />
      ) : address === null ? (
        <EmptyState
          icon={<MapPin />}
          title="Адрес не найден"
          text="Возможно, он уже удалён."
          action={
            <LinkButton href={LIST_PATH} variant="secondary" block>
              К моим адресам
            </LinkButton>
          }
        />
      ) : (
        <AddressForm key={address.id} address={address} session={session} />
      )}
    </Screen>
  );
}

function detailsOf(address: SavedAddress): AddressDetails {
  return {
    room: address.room,
    podjezd: address.podjezd,
    domofon: address.domofon,
    etaz: address.etaz,
    comment: address.comment,
  };
}

function AddressForm({ address, session }: { address: SavedAddress; session: { id: string; password: string } }) {
  const [, navigate] = useLocation();
  const formId = useId();
  const [details, setDetails] = useState<AddressDetails>(() => detailsOf(address));
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const trimmed = Object.fromEntries(
      Object.entries(details).map(([name, value]) => [name, value.trim()]),
    ) as AddressDetails;
    try {
      await saveAddress(session, addressSaveInput({ ...address, ...trimmed }));
      // The courier's line is composed by the server: the order's address takes the saved one.
      const saved = (await addressListQuery.fetch(session)).find((entry) => entry.id === address.id);
      if (saved) cartStore.getState().refreshDeliveryAddress(deliveryAddressOf(saved));
      navigate(LIST_PATH);
    } catch (error) {
      setSaving(false);
      await showDialog({ title: ERROR_TITLE, message: addressSaveErrorMessage(error) });
    }
  };

  const remove = async () => {
    if (await confirmAndDeleteAddress(address.id)) navigate(LIST_PATH);
  };

  return (
    <form id={formId} className="address-edit" onSubmit={(event) => void save(event)}>
      <div className="address-edit__place">
        <span className="address-edit__place-label">Улица и дом</span>
        <span className="address-edit__place-value">{address.full}</span>
        <span className="address-edit__place-label">Чтобы сменить дом, добавьте новый адрес на карте.</span>
      </div>
      <AddressDetailsFields value={details} onChange={setDetails} />
      <div className="address-edit__actions">
        <Button type="submit" block busy={saving}>
          Сохранить
        </Button>
        <Button variant="ghost" block icon={<Trash2 />} onClick={() => void remove()}>
          Удалить адрес
        </Button>
      </div>
    </form>
  );
}
