import { Unplug } from 'lucide-react';
import { useEffect, useState } from 'react';
import { KIOSK_CHECK_MS, KIOSK_NOT_CONNECTED_MESSAGE, KIOSK_NOT_CONNECTED_TITLE } from '@chain/domain';
import { enterKiosk, isKioskConnected } from '../../api/kiosk';
import { kioskStore } from '../../state/store';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { StaffCodeSheet } from '../../ui/staff-code-sheet';
import './kiosk-connect.css';

/**
 * Decision 038: while its Home shows, a kiosk asks the server whether its token is still taken —
 * at once and every KIOSK_CHECK_MS — so a kiosk whose token staff ended elsewhere (or on call)
 * asks for the code before the next guest orders, not at that guest's pay tap. An answer without
 * the server's word (offline, 5xx) changes nothing: the kiosk asks again later.
 */
export function useKioskConnection(restaurantId: string | null, token: string): void {
  useEffect(() => {
    if (restaurantId === null || token === '') return;
    const ask = () =>
      isKioskConnected(restaurantId, token).then(
        (connected) => {
          if (!connected && kioskStore.getState().kioskToken === token) kioskStore.getState().setKioskToken('');
        },
        () => undefined,
      );
    void ask();
    const timer = setInterval(() => void ask(), KIOSK_CHECK_MS);
    return () => clearInterval(timer);
  }, [restaurantId, token]);
}

/**
 * The Home of a kiosk that is not connected (decision 038): kiosk mode is on but the server takes
 * no order from it — a kiosk set up before device tokens existed, or whose token staff ended. It
 * tells whoever stands there to call staff, and staff connect it again with the restaurant's code;
 * the table keypad then comes back, and the cart a guest left is still there.
 */
export function KioskConnect({ restaurantId, name }: { restaurantId: string; name: string }) {
  const [asking, setAsking] = useState(false);
  return (
    <Screen menu>
      <section className="kiosk-home kiosk-connect" aria-labelledby="kiosk-connect-title">
        <div className="kiosk-connect__icon" aria-hidden="true">
          <Unplug />
        </div>
        <div className="kiosk-home__intro">
          <h1 id="kiosk-connect-title" className="kiosk-home__heading">
            {KIOSK_NOT_CONNECTED_TITLE}
          </h1>
          {name ? <p className="kiosk-home__restaurant">{name}</p> : null}
          <p className="kiosk-home__hint" role="status">
            {KIOSK_NOT_CONNECTED_MESSAGE}
          </p>
        </div>
        <Button block onClick={() => setAsking(true)}>
          Подключить киоск
        </Button>
        {asking ? (
          <StaffCodeSheet
            title="Код сотрудника"
            hint={
              name
                ? `Введите код сотрудника ресторана «${name}», чтобы подключить киоск.`
                : 'Введите код сотрудника ресторана, чтобы подключить киоск.'
            }
            submitLabel="Подключить киоск"
            check={(code) => enterKiosk(restaurantId, code)}
            onAccepted={(answer) => {
              setAsking(false);
              kioskStore.getState().setKioskToken(answer.token);
            }}
            onClose={() => setAsking(false)}
          />
        ) : null}
      </section>
    </Screen>
  );
}
