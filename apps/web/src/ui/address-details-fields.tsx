import type { DeliveryAddress } from '../state/cart-store';
import { Input, TextArea } from './input';
import './address-details-fields.css';

/** What the courier needs beyond the house (SPEC 2: apartment, entrance, intercom, floor, comment). */
export type AddressDetails = Pick<DeliveryAddress, 'room' | 'podjezd' | 'domofon' | 'etaz' | 'comment'>;

export const EMPTY_ADDRESS_DETAILS: AddressDetails = { room: '', podjezd: '', domofon: '', etaz: '', comment: '' };

/** The contract's longest detail (addressInput: 20 characters each, the comment 500). */
const DETAIL_MAX = 20;
const COMMENT_MAX = 500;

/**
 * The courier's details of an address as form fields: the map's dialog and the edit page of
 * Мои адреса fill the same fields with the same limits.
 */
export function AddressDetailsFields({
  value,
  onChange,
}: {
  value: AddressDetails;
  onChange: (next: AddressDetails) => void;
}) {
  const field = (name: keyof AddressDetails) => ({
    value: value[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [name]: event.target.value }),
  });
  return (
    <>
      <div className="address-details-fields">
        <Input label="Квартира / офис" maxLength={DETAIL_MAX} autoComplete="off" {...field('room')} />
        <Input label="Подъезд" maxLength={DETAIL_MAX} inputMode="numeric" autoComplete="off" {...field('podjezd')} />
        <Input label="Домофон" maxLength={DETAIL_MAX} autoComplete="off" {...field('domofon')} />
        <Input label="Этаж" maxLength={DETAIL_MAX} inputMode="numeric" autoComplete="off" {...field('etaz')} />
      </div>
      <TextArea
        label="Комментарий курьеру"
        inputClassName="address-details-fields__comment"
        maxLength={COMMENT_MAX}
        rows={3}
        value={value.comment}
        onChange={(comment) => onChange({ ...value, comment })}
      />
    </>
  );
}
