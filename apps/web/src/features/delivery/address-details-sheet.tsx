import type { FoundAddress, RestaurantWire } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';
import { type FormEvent, useId, useState } from 'react';
import { addressListQuery, addressSaveErrorMessage, deliveryAddressOf, saveAddress } from '../../api/addresses';
import { cartStore, guestStore, showDialog } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { type AddressDetails, AddressDetailsFields, EMPTY_ADDRESS_DETAILS } from '../../ui/address-details-fields';
import { Button } from '../../ui/button';
import { addressInputOf } from './delivery-map-model';

export interface AddressDetailsSheetProps {
  open: boolean;
  onClose: () => void;
  address: FoundAddress;
  point: GeoPoint;
  /** The restaurant whose zone holds the point. */
  restaurant: RestaurantWire;
  onSaved: () => void;
}

/**
 * The dialog after «Я ЗДЕСЬ» (SPEC 2): apartment, entrance, intercom, floor and comment. Save
 * keeps the address among the guest's own (address/save), then makes it the order's: delivery,
 * the zone's restaurant, this address (the cart empties when they change, after the guest agrees).
 */
export function AddressDetailsSheet({ open, onClose, address, point, restaurant, onSaved }: AddressDetailsSheetProps) {
  const formId = useId();
  const [details, setDetails] = useState<AddressDetails>(EMPTY_ADDRESS_DETAILS);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const restaurantId = String(restaurant.id);
    if (cartStore.getState().cart.length > 0) {
      const choice = await showDialog({
        title: 'Сменить адрес доставки?',
        message: 'При смене адреса или ресторана корзина очистится.',
        items: [
          { label: 'Сменить', variant: 'primary' },
          { label: 'Отмена', variant: 'secondary' },
        ],
      });
      if (choice?.label !== 'Сменить') return;
    }
    setSaving(true);
    try {
      const session = { id: guestStore.getState().user.id, password: guestStore.getState().user.password };
      const id = await saveAddress(session, addressInputOf(address, point, details));
      const saved = (await addressListQuery.fetch(session)).find((entry) => entry.id === id);
      if (saved === undefined) throw new Error('saved address not listed');
      cartStore.getState().chooseDeliveryAddress(deliveryAddressOf(saved), {
        id: restaurantId,
        name: restaurant.name,
        nameShort: restaurant.nameShort,
      });
      onSaved();
    } catch (error) {
      setSaving(false);
      void showDialog({ message: addressSaveErrorMessage(error) });
    }
  };

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Детали адреса"
      footer={
        <Button type="submit" form={formId} block busy={saving}>
          Сохранить
        </Button>
      }
    >
      <form id={formId} className="address-details" onSubmit={(event) => void save(event)}>
        <p className="address-details__line">
          {address.title}
          <span className="address-details__subtitle">{address.subtitle}</span>
        </p>
        <AddressDetailsFields value={details} onChange={setDetails} />
      </form>
    </BottomSheet>
  );
}
