import type { FoundAddress, RestaurantWire } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';
import { type FormEvent, useId, useState } from 'react';
import { addressListQuery, addressSaveErrorMessage, deliveryAddressOf, saveAddress } from '../../api/addresses';
import { appStore, showDialog } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { type AddressDetails, addressInputOf, EMPTY_DETAILS } from './delivery-map-model';

// The same fields and limits as the edit page of Мои адреса (features/account AddressDetailsFields,
// which a feature may not import): to be shared from ui/ once it moves there.
/** The contract's longest detail (addressInput: 20 characters each, the comment 500). */
const DETAIL_MAX = 20;
const COMMENT_MAX = 500;

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
  const [details, setDetails] = useState<AddressDetails>(EMPTY_DETAILS);
  const [saving, setSaving] = useState(false);
  const field = (name: keyof AddressDetails) => ({
    value: details[name],
    onChange: (event: { target: { value: string } }) => setDetails((current) => ({ ...current, [name]: event.target.value })),
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const state = appStore.getState();
    const restaurantId = String(restaurant.id);
    if (state.cart.length > 0) {
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
      const session = { id: state.user.id, password: state.user.password };
      const id = await saveAddress(session, addressInputOf(address, point, details));
      const saved = (await addressListQuery.fetch(session)).find((entry) => entry.id === id);
      if (saved === undefined) throw new Error('saved address not listed');
      appStore.getState().chooseDeliveryAddress(deliveryAddressOf(saved), {
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
        <div className="address-details__grid">
          <Input label="Квартира / офис" maxLength={DETAIL_MAX} autoComplete="off" {...field('room')} />
          <Input label="Подъезд" maxLength={DETAIL_MAX} inputMode="numeric" autoComplete="off" {...field('podjezd')} />
          <Input label="Домофон" maxLength={DETAIL_MAX} autoComplete="off" {...field('domofon')} />
          <Input label="Этаж" maxLength={DETAIL_MAX} inputMode="numeric" autoComplete="off" {...field('etaz')} />
        </div>
        <label className="field">
          <span className="field__label">Комментарий курьеру</span>
          <textarea className="field__input address-details__comment" maxLength={COMMENT_MAX} rows={3} {...field('comment')} />
        </label>
      </form>
    </BottomSheet>
  );
}
