import { Armchair, QrCode } from 'lucide-react';
import { LinkButton } from '../../ui/button';

/**
 * The kiosk's cart (SPEC 6): the table is the one typed on Home's keypad, shown, not chosen here;
 * payment is SBP only, so instead of a choice of one the guest reads how they will pay.
 * A cart that lost its table (it is cleared with the guest) sends the guest back to the keypad.
 */
export function KioskOrderFacts({ table }: { table: string }) {
  const number = table.trim();
  return (
    <section className="cart__block cart__kiosk" aria-label="Стол и оплата">
      {number ? (
        <p className="cart__kiosk-fact">
          <Armchair aria-hidden="true" />
          <span>Стол №{number}</span>
        </p>
      ) : (
        <LinkButton href="/" variant="secondary" block icon={<Armchair />}>
          Ввести номер стола
        </LinkButton>
      )}
      <p className="cart__kiosk-fact">
        <QrCode aria-hidden="true" />
        <span>Оплата по QR-коду СБП</span>
      </p>
    </section>
  );
}
