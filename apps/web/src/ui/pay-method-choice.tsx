import './pay-method-choice.css';

export type PayMethod = 'sbp' | 'card';

/**
 * The payment-method radios of the cart and the payment screen (SPEC 2: sbp and card, SBP the
 * default; kiosks offer SBP only, SPEC 6). The whole labelled row is the tap target.
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
  return (
    <>
      {(kiosk ? (['sbp'] as const) : (['sbp', 'card'] as const)).map((method) => (
        <label key={method} className="pay-method-choice">
          <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} />
          <span>{method === 'sbp' ? 'СБП' : 'Карта'}</span>
        </label>
      ))}
    </>
  );
}
