import type { PayMethod } from '@chain/domain';
import { RadioCards } from './radio-cards';

const METHODS = [
  { value: 'sbp', label: 'СБП' },
  { value: 'card', label: 'Карта' },
] as const satisfies readonly { value: PayMethod; label: string }[];

/**
 * The payment-method radios of the cart and the payment screen (SPEC 2: sbp and card, SBP the
 * default; kiosks offer SBP only, SPEC 6).
 */
export function PayMethodChoice({
  name,
  kiosk,
  value,
  onChange,
}: {
  name: string;
  kiosk: boolean;
  value: PayMethod;
  onChange: (method: PayMethod) => void;
}) {
  return <RadioCards name={name} options={kiosk ? METHODS.slice(0, 1) : METHODS} value={value} onChange={onChange} />;
}
